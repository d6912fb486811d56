/**
 * One vocabulary of trouble: every error class lib/ exports extends KitError (packages/client/src/kit-error.ts) and declares its
 * own brand, `instanceof` holds between two separately loaded copies of a module (as between Next's bundles), and
 * every problem code has a row of advice.
 */
import { describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { relative } from "node:path";
import { sourceFiles } from "../../helpers/import-graph";
import { STORE_ADVICE, STORE_PROBLEMS, adviceRowOf } from "@magento-integration/client/advice";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The job engine's own signals to its worker (retry later, a payload its kind refuses): caught by the worker,
 * never thrown to a caller of the kit's verbs or client.
 */
const NOT_KIT_ERRORS: Readonly<Record<string, string>> = {
  RetryLater: "packages/storage/src/jobs/retry-later.ts",
  InvalidJobData: "packages/storage/src/jobs/job-kind.ts",
};

interface ClassInfo {
  name: string;
  parent: string;
  file: string;
  exported: boolean;
  brand: string | undefined;
}

const CLASS = /^(export\s+)?(?:abstract\s+)?class\s+(\w+)\s+extends\s+([\w.]+)[^{]*\{/gm;

function classesOf(file: string, text: string): ClassInfo[] {
  const out: ClassInfo[] = [];
  for (const m of text.matchAll(CLASS)) {
    const body = text.slice(m.index + m[0].length, text.indexOf("\n}", m.index));
    const brand = /static\s+override\s+readonly\s+brand(?::\s*string)?\s*=\s*"([^"]+)"/.exec(body)?.[1];
    out.push({ name: m[2]!, parent: m[3]!, file, exported: Boolean(m[1]), brand });
  }
  return out;
}

function libClasses(): Map<string, ClassInfo> {
  const all = new Map<string, ClassInfo>();
  for (const path of kitSourceFiles()) {
    const file = relative(root, path);
    for (const c of classesOf(file, readFileSync(path, "utf8"))) all.set(c.name, c);
  }
  return all;
}

const BUILT_IN_ERRORS = new Set(["Error", "TypeError", "RangeError", "SyntaxError", "AggregateError"]);

/** The chain of parents up to a class lib/ does not declare (Error, KitError's parent, a library's class). */
function chainOf(name: string, all: Map<string, ClassInfo>): string[] {
  const chain = [name];
  for (let c = all.get(name); c && chain.length < 20; c = all.get(c.parent)) chain.push(c.parent);
  return chain;
}

/** The kit's own code: lib/ and the packages, but not the dev store, which plays Magento and has Magento's errors. */
function kitSourceFiles(): string[] {
  return sourceFiles(root, ["lib", "packages"]).filter(
    (f) => !f.includes("/packages/devstore/") && !f.includes("/tests/"),
  );
}

describe("every error lib/ exports is a KitError", () => {
  const all = libClasses();
  const errors = [...all.values()].filter((c) => {
    const chain = chainOf(c.name, all);
    return c.exported && (chain.includes("KitError") || BUILT_IN_ERRORS.has(chain[chain.length - 1]!));
  });

  it("the sources are read (the client's errors are found)", () => {
    const names = errors.map((c) => c.name);
    for (const n of ["MagentoApiError", "MagentoOAuthError", "EnvError", "PrivateAddressError", "RetryLater"])
      expect(names).toContain(n);
    expect(errors.length).toBeGreaterThan(25);
  });

  it("extends KitError (directly or through another kit error)", () => {
    const stray = errors
      .filter((c) => !chainOf(c.name, all).includes("KitError"))
      .filter((c) => NOT_KIT_ERRORS[c.name] !== c.file)
      .map((c) => `${c.file}: ${c.name} extends ${c.parent}`);
    expect(stray).toEqual([]);
  });

  it("declares its own brand, its class name, unique in the kit (instanceof across bundles asks for it)", () => {
    const kitErrors = errors.filter((c) => chainOf(c.name, all).includes("KitError") && c.name !== "KitError");
    const wrong = kitErrors.filter((c) => c.brand !== c.name).map((c) => `${c.file}: ${c.name} brand ${c.brand}`);
    expect(wrong).toEqual([]);
    const brands = kitErrors.map((c) => c.brand);
    expect(new Set(brands).size).toBe(brands.length);
  });

  it("the exemptions are still there (a stale entry would exempt nothing)", () => {
    for (const [name, file] of Object.entries(NOT_KIT_ERRORS)) expect(all.get(name)?.file).toBe(file);
  });
});

describe("instanceof across two copies of a module", () => {
  async function twoCopies() {
    vi.resetModules();
    const a = await import("@magento-integration/client");
    const aBase = await import("@magento-integration/client");
    vi.resetModules();
    const b = await import("@magento-integration/client");
    const bBase = await import("@magento-integration/client");
    return { a, aBase, b, bBase };
  }

  it("the copies are distinct classes (so a plain prototype check would fail)", async () => {
    const { a, b, aBase, bBase } = await twoCopies();
    expect(a.MagentoApiError).not.toBe(b.MagentoApiError);
    expect(aBase.KitError).not.toBe(bBase.KitError);
    const e = new a.MagentoApiError({ status: 401, template: "x", code: "token_missing", url: "https://s/" });
    expect(Object.getPrototypeOf(e)).not.toBe(b.MagentoApiError.prototype);
  });

  it("an error made by one copy is an instance of the other copy's class and of its parents", async () => {
    const { a, b, bBase } = await twoCopies();
    const e = new a.MagentoApiError({ status: 0, template: "down", code: "network", problem: "dns_failed", url: "u" });
    expect(e instanceof b.MagentoApiError).toBe(true);
    expect(e instanceof b.StoreError).toBe(true);
    expect(e instanceof bBase.KitError).toBe(true);
    expect(bBase.isKitError(e)).toBe(true);
    expect(e.problem).toBe("dns_failed");
    expect(e.name).toBe("MagentoApiError");
  });

  it("but not of a sibling or child class, and a look-alike is not one", async () => {
    const { a, b } = await twoCopies();
    const e = new a.MagentoApiError({ status: 500, template: "x", code: "other", url: "u" });
    expect(e instanceof b.ResponseTooLargeError).toBe(false);
    expect(e instanceof b.MagentoOAuthError).toBe(false);
    const big = new a.ResponseTooLargeError({ status: 200, url: "u", method: "GET", limitBytes: 1, receivedBytes: 2 });
    expect(big instanceof b.MagentoApiError).toBe(true);
    expect(big instanceof b.ResponseTooLargeError).toBe(true);
    const lookalike = Object.assign(new Error("x"), { name: "MagentoApiError", code: "other" });
    expect(lookalike instanceof b.MagentoApiError).toBe(false);
    expect((null as unknown as object) instanceof b.StoreError).toBe(false);
  });
});

describe("every problem code has advice", () => {
  const source = readFileSync(`${root}/packages/client/src/magento/store-advice.ts`, "utf8");
  const union = /export type StoreProblem =([^;]+);/.exec(source)?.[1] ?? "";
  const declared = [...union.matchAll(/"([a-z0-9_]+)"/g)].map((m) => m[1]!);

  it("each code of the StoreProblem type has a row with a title and a fix", () => {
    expect(declared.length).toBeGreaterThan(30);
    expect([...STORE_PROBLEMS].sort()).toEqual([...declared].sort());
    for (const p of declared) {
      expect(STORE_ADVICE[p as keyof typeof STORE_ADVICE]?.title, p).toBeTruthy();
      expect(STORE_ADVICE[p as keyof typeof STORE_ADVICE]?.fix, p).toBeTruthy();
    }
  });

  it("a pointer row shows the advice of the row it points at, written once", () => {
    expect(adviceRowOf("dns_failed")).toBe("network");
    expect(STORE_ADVICE.tls_failed).toEqual(STORE_ADVICE.network);
    expect(adviceRowOf("private_address")).toBe("private_address");
  });

  it("every problem an error class in lib/ names is a code of the vocabulary", () => {
    const named = new Set<string>();
    for (const path of kitSourceFiles())
      for (const m of readFileSync(path, "utf8").matchAll(/\bproblem:\s*"([a-z0-9_]+)"/g)) named.add(m[1]!);
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((p) => !declared.includes(p))).toEqual([]);
  });
});
