/** The README's "Project layout" names every folder of the repo, and only folders that exist. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
/** Not the project's own folders: dependencies, VCS, build output, test reports. */
const SKIPPED = new Set([".git", "node_modules", "dist", "test-results", "reports", "playwright-report"]);
/** Folders whose children are listed as one line (a timestamped migration each, generated clients). */
const CHILDREN_NOT_LISTED = new Set([
  "packages/storage/prisma/migrations",
  "packages/storage/prisma/postgresql/migrations",
  "packages/storage/src/generated",
]);

function folders(dir = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (SKIPPED.has(name) || name.startsWith(".next")) continue;
    const rel = dir ? `${dir}/${name}` : name;
    if (!statSync(join(root, rel)).isDirectory()) continue;
    out.push(rel);
    if (!CHILDREN_NOT_LISTED.has(rel)) out.push(...folders(rel));
  }
  return out;
}

/** `a/{b,c/d}/` → `a/b`, `a/c/d`. */
function expand(token: string): string[] {
  const m = /^(.*?)\{([^}]*)\}(.*)$/.exec(token);
  if (!m) return [token];
  return m[2]!.split(",").flatMap((alt) => expand(`${m[1]}${alt}${m[3]}`));
}

function layoutLines(): string[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Project layout"));
  const block = /```\n([\s\S]*?)\n```/.exec(section)?.[1] ?? "";
  return block.split("\n").filter((l) => l.trim() !== "");
}

function listed(): Map<string, string> {
  const named = new Map<string, string>();
  for (const line of layoutLines()) {
    const token = line.split(/\s+/)[0] ?? "";
    for (const path of expand(token)) named.set(path.replace(/\/$/, ""), line);
  }
  return named;
}

describe("README project layout", () => {
  it("is found, and brace groups expand", () => {
    expect(layoutLines().length).toBeGreaterThan(40);
    expect(expand("app/{a,b/c}/")).toEqual(["app/a/", "app/b/c/"]);
  });

  it("names every folder", () => {
    const named = listed();
    expect(folders().filter((f) => !named.has(f))).toEqual([]);
  });

  it("names only folders that exist (or that are generated and ignored by git)", () => {
    const missing = [...listed()].filter(
      ([path, line]) => !existsSync(join(root, path)) && !line.includes("ignored by git"),
    );
    expect(missing.map(([path]) => path)).toEqual([]);
  });
});
