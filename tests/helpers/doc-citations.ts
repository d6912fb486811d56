/**
 * Finds the documentation the repo cites and checks that it exists: `docs/<file>.md#anchor` in any source file
 * (code comments, test titles, scripts) resolved from the repo root, and every relative Markdown link in a `.md`
 * file resolved from that file. Anchors are GitHub's heading ids, computed the way GitHub renders them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";

/** Folders that are not the project's own text (dependencies, build output, generated client, local data). */
const SKIPPED_DIRS = new Set([
  ".git",
  "node_modules",
  ".next",
  "generated",
  "test-results",
  "reports",
  "playwright-report",
  "data",
]);
const TEXT_EXTENSIONS = new Set([
  ".ts",
  ".tsx",
  ".mts",
  ".mjs",
  ".cjs",
  ".js",
  ".md",
  ".prisma",
  ".sh",
  ".css",
  ".json",
  ".yml",
  ".yaml",
]);

export type Citation = { file: string; line: number; target: string };

export function repoTextFiles(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name) || name.startsWith(".next")) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) out.push(...repoTextFiles(root, path));
    else if (TEXT_EXTENSIONS.has(extname(name)) && name !== "package-lock.json") out.push(path);
  }
  return out;
}

/**
 * GitHub's heading id: the rendered text, lower-cased, with everything but letters, digits, marks, connector
 * punctuation, spaces and hyphens removed, then spaces turned into hyphens (github-slugger). Inline Markdown
 * (code spans, emphasis, links) is rendered first, so only its text counts.
 */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|\W)[*_](.+?)[*_](?=\W|$)/g, "$1$2")
    .trim();
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a Markdown file offers: heading ids (duplicates get -1, -2, ... as on GitHub) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const fenceMark = /^\s*(```|~~~)/.exec(line);
    if (fenceMark) {
      if (fence === null) fence = fenceMark[1] ?? null;
      else if (fence === fenceMark[1]) fence = null;
      continue;
    }
    if (fence !== null) continue;
    for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1] ?? "");
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = githubSlug(heading[1] ?? "");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^\s*(```|~~~)[\s\S]*?^\s*\1/gm, (block) => block.replace(/[^\n]/g, ""));
}

/** `docs/...` paths written anywhere (not part of a longer path such as `../docs/` or `packages/devstore/docs/`). */
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*?\.(?:md|png|svg)(?:#[\w-]+)?/g;
/** Relative Markdown links and images: `[text](target)`, target without a scheme. */
const MD_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** A repo file named in a Markdown code span: `packages/client/src/net/strict-url.ts`, `tests/unit/net/…test.ts`, `packages/storage/prisma/schema.prisma`. */
const CODE_SPAN_PATH =
  /`((?:app|bench|devstore|docs|lib|prisma|scripts|tests)\/[\w./[\]-]+\.(?:ts|tsx|mts|mjs|md|prisma|sh|json))`/g;

/** Source files the docs name in code spans (paths from the repo root): the docs describe code that exists. */
export function namedFilesIn(root: string, file: string): Citation[] {
  const rel = relative(root, file);
  return withoutCodeBlocks(readFileSync(file, "utf8"))
    .split("\n")
    .flatMap((lineText, i) =>
      [...lineText.matchAll(CODE_SPAN_PATH)].map((m) => ({ file: rel, line: i + 1, target: m[1] ?? "" })),
    );
}

export function citationsIn(root: string, file: string): Citation[] {
  const text = readFileSync(file, "utf8");
  const rel = relative(root, file);
  const out: Citation[] = [];
  const lines = text.split("\n");
  lines.forEach((lineText, i) => {
    for (const m of lineText.matchAll(DOCS_PATH)) out.push({ file: rel, line: i + 1, target: m[0] });
  });
  if (extname(file) === ".md") {
    withoutCodeBlocks(text)
      .split("\n")
      .forEach((lineText, i) => {
        for (const m of lineText.matchAll(MD_LINK)) {
          const target = m[1] ?? "";
          if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
          const resolved = target.startsWith("#") ? rel + target : join(dirname(rel), target);
          out.push({ file: rel, line: i + 1, target: resolved });
        }
      });
  }
  return out;
}

/** Why a citation does not resolve, or null when it does. `target` is relative to the repo root. */
export function brokenReason(root: string, target: string, cache = new Map<string, Set<string>>()): string | null {
  const [pathPart, anchor] = target.split("#", 2);
  const path = resolve(root, decodeURIComponent(pathPart ?? ""));
  if (!existsSync(path)) return `no file ${pathPart}`;
  if (anchor === undefined) return null;
  if (extname(path) !== ".md") return `anchor on a file that is not Markdown: ${target}`;
  let anchors = cache.get(path);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(path, "utf8"));
    cache.set(path, anchors);
  }
  return anchors.has(anchor) ? null : `no heading with anchor #${anchor} in ${pathPart}`;
}
