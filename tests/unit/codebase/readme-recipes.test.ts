/**
 * The README's "Extending the kit" recipes 1 (a dashboard page for a new Magento entity), 2 (a job that calls
 * every store nightly) and 3 (a new database backend), and the "Sync" recipe (a handler posting orders) stay true to the code: every file a recipe says to create compiles against the kit as it is (the
 * project's TypeScript settings, strict), every edit it shows to an existing file matches that file's
 * declarations, every repository path it names exists, and the names its prose relies on are still exported.
 * A rename in the job engine or the storage interfaces fails here until the recipe follows it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { typeCheck } from "../../helpers/type-check";

const ROOT = resolve(__dirname, "..", "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const RECIPES = [
  "### 1. A dashboard page for a new Magento entity",
  "### 2. A job that calls every store nightly",
  "### 3. A new database backend",
  "### A sync handler that posts orders to another system",
];

/** A recipe's text: from its heading to the next heading of its level or above. */
function recipe(heading: string): string {
  const start = README.indexOf(heading);
  if (start === -1) throw new Error(`README has no "${heading}"`);
  const rest = README.slice(start + heading.length);
  const end = rest.search(/^#{2,3} /m);
  return end === -1 ? rest : rest.slice(0, end);
}

interface CodeStep {
  /** `create`: a whole new file; `edit`: lines to put into an existing file. */
  action: "create" | "edit";
  path: string;
  code: string;
}

/** Each TypeScript block with the file the sentence before it names: "Create `x.ts`" or "… in `x.ts`". */
function codeSteps(text: string): CodeStep[] {
  const steps: CodeStep[] = [];
  const block = /```ts\n([\s\S]*?)```/g;
  let from = 0;
  for (let m = block.exec(text); m; m = block.exec(text)) {
    const before = text.slice(from, m.index);
    from = m.index + m[0].length;
    const created = /[Cc]reate `([^`]+\.ts)`/.exec(before);
    const edited = /\bin `([^`]+\.ts)`/.exec(before);
    const found = created ?? edited;
    if (!found) throw new Error(`a code block names no file before it:\n${m[1]!.slice(0, 200)}`);
    steps.push({ action: created ? "create" : "edit", path: found[1]!, code: m[1]! });
  }
  return steps;
}

/** Names the recipes' prose relies on, by the module that must export them. */
const NAMED_IN_PROSE: Record<string, string[]> = {
  "@/lib/dashboard/grids": ["GRIDS", "gridByKey"],
  "@/lib/dashboard/grid-spec": ["defineGrid", "AnyGridSpec"],
  "@/lib/dashboard/grid-loader": ["loadGrid"],
  "@/lib/jobs/kinds": ["storeLane"],
  "@magento-integration/storage/jobs": ["JobModule", "JobRegistry", "JobQueue"],
  "@magento-integration/storage": [
    "Storage",
    "UniqueConflictError",
    "createPrismaStorage",
    "DatabaseProvider",
    "providerOf",
    "openDatabase",
  ],
  "@/lib/kit": ["createKit", "KitOptions", "KIT_JOB_MODULES"],
  "@/lib/kit-from-env": ["kitFromEnv"],
  "@magento-integration/sync": ["defineSyncHandler", "SyncHandler", "SyncChange"],
  "@/lib/sync/handlers": ["syncHandlers"],
  "@/packages/storage/tests/storage-conformance.suite": ["describeStorageConformance"],
  "@/packages/storage/tests/jobs/job-queue-conformance.suite": ["describeJobQueueConformance"],
};

/** `repository.method` names in the prose, checked against the Storage interface. */
function storageMembersNamed(text: string): string[] {
  const repos = [
    "stores",
    "installations",
    "activations",
    "events",
    "links",
    "users",
    "sessions",
    "throttle",
    "rateWindows",
    "exports",
  ];
  const found = new Set<string>();
  for (const m of text.matchAll(/`(\w+)\.(\w+)`/g)) if (repos.includes(m[1]!)) found.add(`${m[1]}.${m[2]}`);
  return [...found];
}

describe("README, Extending the kit", () => {
  const texts = RECIPES.map(recipe);
  const steps = texts.flatMap(codeSteps);
  const created = steps.filter((s) => s.action === "create");

  it("each recipe creates at least one file", () => {
    for (const text of texts) expect(codeSteps(text).some((s) => s.action === "create")).toBe(true);
  });

  /** Paths the recipes name that are missing, for a checkout where `exists` says what is there. */
  function missingPaths(exists: (path: string) => boolean): string[] {
    const mentioned = texts.flatMap((t) =>
      [...t.matchAll(/`((?:lib|tests|scripts|prisma|app)\/[^`\s]*)`/g)].map((m) => m[1]!),
    );
    const toCreate = new Set(created.map((s) => s.path));
    // the recipe's own new files and folders may or may not be there yet
    return mentioned.filter((path) => !toCreate.has(path) && !path.includes("mysql") && !exists(path));
  }

  it("the paths the recipes name exist, apart from the files they create", () => {
    expect(missingPaths((path) => existsSync(join(ROOT, path)))).toEqual([]);
  });

  // A fork that followed a recipe has its files: following the README never turns the suite red.
  it("a checkout that followed every recipe (their files created) passes the same checks", () => {
    const createdPaths = new Set(created.map((s) => s.path));
    expect(createdPaths.size).toBeGreaterThan(0);
    expect(missingPaths((path) => createdPaths.has(path) || existsSync(join(ROOT, path)))).toEqual([]);
  });

  it("the edits they show match the declarations of the file they edit", () => {
    const edits = steps.filter((s) => s.action === "edit");
    expect(edits.length).toBeGreaterThan(0);
    for (const e of edits) {
      const file = readFileSync(join(ROOT, e.path), "utf8");
      // the declaration's head: an edit may add to its value (recipe 1 adds a grid to GRIDS)
      const declarations = e.code
        .split("\n")
        .filter((l) => l.startsWith("export "))
        .map((l) => l.split(" = ")[0]!);
      expect(declarations.length, e.path).toBeGreaterThan(0);
      for (const d of declarations) expect(file, `${e.path} declares: ${d}`).toContain(d);
    }
  });

  it("the code compiles against the kit, and the names the prose relies on exist", () => {
    const files = new Map(created.map((s) => [s.path, s.code]));
    const reexports = Object.entries(NAMED_IN_PROSE).map(
      ([from, names]) => `export type { ${names.join(", ")} } from "${from}";`,
    );
    const members = storageMembersNamed(texts.join("\n")).map((m) => `  (s: Storage) => s.${m},`);
    expect(members.length).toBeGreaterThan(3);
    files.set(
      "tests/unit/codebase/readme-recipes.names.ts",
      `import type { Storage } from "@magento-integration/storage";\nimport type { KitOptions } from "@/lib/kit";\n${reexports.join("\n")}\nexport const storageMembers = [\n${members.join("\n")}\n];\nexport const storageOption: KitOptions["storage"] = undefined;\n`,
    );
    expect(typeCheck(files)).toEqual([]);
  }, 120_000);
});
