/**
 * Each kit package builds as npm would publish it and runs in plain Node from its compiled files: `npm run build`
 * in a copy of the package (tsc, relative `.ts` imports rewritten to `.js`; the storage package generates its
 * Prisma clients first), with the kit packages it depends on resolved to their built copies, each exported entry
 * imported by Node from dist/ in a child process exports the same names as its source, and `npm pack` of the copy
 * holds the compiled files, the README and the licence, and no source or test.
 */
import { execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { packageSources } from "../../scripts/lib/package-sources.mjs";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
// inside the repository, so the compiled files find the app's node_modules (undici, zod) as an installed package would
const cacheDir = join(root, "node_modules", ".cache");
mkdirSync(cacheDir, { recursive: true });
const work = mkdtempSync(join(cacheDir, "package-build-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const entries = packageSources(root);
/** The packages, each after the kit packages it depends on. */
const packageDirs = dependencyOrder([...new Set(entries.map((e) => e.dir))]);

function dependencyOrder(dirs: string[]): string[] {
  const manifestOf = (d: string) => JSON.parse(readFileSync(join(d, "package.json"), "utf8"));
  const byName = new Map(dirs.map((d) => [manifestOf(d).name as string, d]));
  const ordered: string[] = [];
  const visit = (d: string) => {
    if (ordered.includes(d)) return;
    for (const dep of Object.keys({ ...manifestOf(d).dependencies })) if (byName.has(dep)) visit(byName.get(dep)!);
    ordered.push(d);
  };
  dirs.forEach(visit);
  return ordered;
}

describe.each(packageDirs)("%s, built", (dir) => {
  const copy = join(work, relative(join(root, "packages"), dir));

  it("compiles, and every entry exports from dist/ what its source exports", async () => {
    cpSync(dir, copy, { recursive: true, filter: (p) => !/\/(dist|node_modules|generated)$/.test(p) });
    const manifest = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
    // the kit packages it depends on: their built copies (packageDirs is in dependency order), as npm installs them
    for (const dep of Object.keys({ ...manifest.dependencies }).filter((d) => d.startsWith("@magento-integration/"))) {
      const target = join(work, dep.slice("@magento-integration/".length));
      expect(existsSync(join(target, "dist")), `${dep} is built before ${manifest.name}`).toBe(true);
      mkdirSync(join(copy, "node_modules", "@magento-integration"), { recursive: true });
      symlinkSync(target, join(copy, "node_modules", dep));
    }
    // as a developer's shell has it: a DATABASE_URL of one database must not steer the other one's client generation
    const env = { ...process.env, DATABASE_URL: "file:./data/test.db" };
    await run("npm", ["run", "build"], { cwd: copy, env, timeout: 150_000 });
    for (const entry of entries.filter((e) => e.dir === dir)) {
      const subpath = entry.specifier === manifest.name ? "." : `./${entry.specifier.slice(manifest.name.length + 1)}`;
      const compiled = join(copy, manifest.exports[subpath].default);
      const { stdout } = await run(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `console.log(JSON.stringify(Object.keys(await import(${JSON.stringify(pathToFileURL(compiled).href)})).sort()))`,
        ],
        { timeout: 60_000 },
      );
      const fromSource = Object.keys(await import(entry.source)).sort();
      expect(JSON.parse(stdout), entry.specifier).toEqual(fromSource);
    }
  }, 180_000);

  it("packs its compiled files, types, README and licence, and no source or test", async () => {
    const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: copy,
      timeout: 60_000,
    });
    const files = (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    const manifest = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
    const entryFiles = Object.values(manifest.exports as Record<string, unknown>)
      .filter((t): t is Record<string, string> => typeof t === "object" && t !== null)
      .flatMap((t) => [t.default!, t.types!].map((f) => f.replace(/^\.\//, "")));
    const bins = Object.values((manifest.bin ?? {}) as Record<string, string>).map((f) => f.replace(/^\.\//, ""));
    expect(files).toEqual(expect.arrayContaining(["package.json", "README.md", "LICENSE", ...entryFiles, ...bins]));
    // what `files` lists besides dist/ (the storage package's Prisma schema and migrations), and nothing else
    const listed = (manifest.files as string[]).filter((f) => f !== "dist");
    const shipped = (f: string) =>
      /^(package\.json|dist\/.+)$/.test(f) || listed.some((l) => f === l || f.startsWith(`${l}/`));
    expect(files.filter((f) => !shipped(f))).toEqual([]);
    expect(files.filter((f) => /\.ts$/.test(f) && !/\.d\.ts$/.test(f))).toEqual([]);
  }, 120_000);

  it("its commands run from dist/ with plain Node, and stop on SIGTERM", async () => {
    const manifest = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
    for (const [name, bin] of Object.entries((manifest.bin ?? {}) as Record<string, string>)) {
      expect(readFileSync(join(copy, bin), "utf8").startsWith("#!/usr/bin/env node\n"), name).toBe(true);
      // every command the kit's packages ship today is a server that takes --port and says it is running
      const child = spawn(process.execPath, [join(copy, bin), "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (c: Buffer) => (out += c.toString()));
      child.stderr.on("data", (c: Buffer) => (out += c.toString()));
      await expect.poll(() => out, { timeout: 30_000 }).toMatch(/is running/);
      const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
      child.kill("SIGTERM");
      expect(await exited, `${name}: ${out}`).toBe(0);
    }
  }, 60_000);
});
