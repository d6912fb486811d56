/**
 * docs/architecture.md's recipe "a verb and the page that calls it" stays true: its three steps (a verb added to
 * lib/verbs/stores.ts, one line in the door's table, one new page) are applied to copies of the files and the
 * result type-checks against the kit as it is. Renaming the door's tables, loadStore or the store verbs fails here
 * until the recipe follows.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { typeCheck } from "../../helpers/type-check";

const ROOT = resolve(__dirname, "..", "..", "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const DOC = read("docs/architecture.md");

function recipeBlocks(): string[] {
  const start = DOC.indexOf("## Recipe: a verb and the page that calls it");
  expect(start).toBeGreaterThan(-1);
  return [...DOC.slice(start).matchAll(/```tsx?\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** `code` inserted before the first line of `file` that starts with `anchor` (after its indentation). */
function insertBefore(file: string, anchor: string, code: string): string {
  const at = file.search(new RegExp(`^\\s*${anchor}`, "m"));
  expect(at, `anchor ${anchor}`).toBeGreaterThan(-1);
  return file.slice(0, at) + code + file.slice(at);
}

describe("docs/architecture.md, a verb and the page that calls it", () => {
  it("is three steps: the verb, one door line, one new page", () => {
    expect(recipeBlocks()).toHaveLength(3);
  });

  it("applied to the code, compiles", () => {
    const [verb, doorLine, page] = recipeBlocks() as [string, string, string];
    const stores = insertBefore(read("lib/verbs/stores.ts"), "linkRequests: \\(installationId", verb);
    const door = read("lib/verbs/door.ts").replace(/const STORES = \{\n/, (head) => head + doorLine);
    expect(door).toContain(doorLine);
    const errors = typeCheck(
      new Map([
        ["lib/verbs/stores.ts", stores],
        ["lib/verbs/door.ts", door],
        ["app/stores/[id]/pending/page.tsx", page],
      ]),
    );
    expect(errors).toEqual([]);
  }, 120_000);

  it("fails to compile when a step is left out (the check can fail)", () => {
    const [, , page] = recipeBlocks() as [string, string, string];
    const errors = typeCheck(new Map([["app/stores/[id]/pending/page.tsx", page]]));
    expect(errors.join("\n")).toMatch(/pendingLinkRequestCount/);
  }, 120_000);
});
