/**
 * The repo carries its own docs: every `docs/<file>.md#anchor` cited in code, tests, scripts or Markdown, and every
 * relative Markdown link, points at a file and a heading that exist (anchors as GitHub renders them).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  anchorsOf,
  brokenReason,
  citationsIn,
  githubSlug,
  namedFilesIn,
  repoTextFiles,
} from "../../helpers/doc-citations";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("GitHub heading anchors", () => {
  it("are the rendered text, lower-cased, punctuation dropped, spaces as hyphens", () => {
    expect(githubSlug("Where the families differ")).toBe("where-the-families-differ");
    expect(githubSlug("The store REST client (`lib/magento`)")).toBe("the-store-rest-client-libmagento");
    expect(githubSlug("Gotchas: the messages merchants and developers see")).toBe(
      "gotchas-the-messages-merchants-and-developers-see",
    );
    expect(githubSlug("Family E (2.4.9?)")).toBe("family-e-249");
    expect(githubSlug("Quick start — two commands")).toBe("quick-start--two-commands");
    expect(githubSlug("[Linked](x.md) and **bold**")).toBe("linked-and-bold");
  });

  it("number repeated headings and ignore headings inside code blocks", () => {
    const anchors = anchorsOf(
      ["# Title", "## Setup", "```sh", "# not a heading", "```", "## Setup", "## Setup"].join("\n"),
    );
    expect([...anchors]).toEqual(["title", "setup", "setup-1", "setup-2"]);
  });
});

describe("citations of the repo's docs", () => {
  // This file names missing targets on purpose (to show the check fails on them).
  const files = repoTextFiles(root).filter((file) => !file.endsWith("doc-citations.test.ts"));
  const citations = files.flatMap((file) => citationsIn(root, file));

  it("are found in code comments and in Markdown (the check is not vacuous)", () => {
    const inCode = citations.filter((c) => /\.(ts|tsx|mjs|prisma)$/.test(c.file) && c.target.includes(".md#"));
    const inMarkdown = citations.filter((c) => c.file.endsWith(".md"));
    expect(inCode.length).toBeGreaterThan(10);
    expect(inMarkdown.length).toBeGreaterThan(20);
  });

  it("report a missing file or heading", () => {
    expect(brokenReason(root, "docs/signature-families.md#where-the-families-differ")).toBeNull();
    expect(brokenReason(root, "docs/signature-families.md#no-such-heading")).toMatch(
      /no heading with anchor #no-such-heading/,
    );
    expect(brokenReason(root, "docs/no-such-file.md")).toMatch(/no file/);
  });

  it("all resolve", () => {
    const cache = new Map<string, Set<string>>();
    const broken = citations.flatMap((c) => {
      const reason = brokenReason(root, c.target, cache);
      return reason ? [`${c.file}:${c.line}: ${c.target} (${reason})`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("name source files that exist (docs/ explains code by its path; a move must update it)", () => {
    const named = files
      .filter((f) => relative(root, f).startsWith("docs/") && f.endsWith(".md"))
      .flatMap((f) => namedFilesIn(root, f));
    expect(named.length).toBeGreaterThan(20);
    const missing = named
      .filter((c) => brokenReason(root, c.target) !== null)
      .map((c) => `${c.file}:${c.line}: ${c.target}`);
    expect(missing).toEqual([]);
  });

  it("name in code only Markdown files the repo ships, however they are spelled (a bare `name.md` too)", () => {
    const shipped = new Set(files.filter((f) => f.endsWith(".md")).map((f) => f.split("/").pop()!));
    const named = files
      .filter((f) => /\.(ts|tsx|mjs|prisma)$/.test(f))
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .flatMap((line, i) =>
            [...line.matchAll(/([\w.-]+)\.md\b/g)]
              .filter((m) => !shipped.has(`${m[1]!.split("/").pop()}.md`))
              .map((m) => `${relative(root, f)}:${i + 1}: ${m[0]}`),
          ),
      );
    expect(named).toEqual([]);
  });

  it("never point at documents the repo does not ship", () => {
    // names of documents outside the repo, spelled in pieces so this guard is not itself a hit
    const privateNotes = ["PROTO" + "COL", "PL" + "AN", "DE" + "SIGN"].map((n) => `${n}\\.md`);
    const privatePaths = [
      "TOOL" + "CHAIN",
      "rese" + "arch §",
      "rese" + "arch\\/",
      "\\.\\.\\/sha" + "red",
      "\\/work\\/sha" + "red",
    ];
    const outside = new RegExp([...privateNotes, ...privatePaths].join("|"));
    const hits = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (outside.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});
