/**
 * Client components ("use client") and everything they load at run time stay clear of server code: no Node
 * built-ins, database, mail, session or HTTP-client packages. A lib/ folder's index.ts is server-only; client
 * components use lib/forms or a folder's client.ts (a wide index once put the whole dashboard in the browser).
 * Server-action modules ("use server") are where the walk stops: the browser gets references to them, not code.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runtimeImports, sourceFiles } from "../../helpers/import-graph";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const SERVER_ONLY =
  /^(node:|undici$|pg$|@prisma\/|@libsql\/|pino$|nodemailer$|iron-session$|next\/headers$|oauth-1\.0a$)/;

function serverImportsReachedFrom(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string, via: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // a server-actions module reaches the browser as references only, never as code
    if (file !== entry && /^\s*["']use server["']/.test(readFileSync(file, "utf8"))) return;
    const { modules, packages } = runtimeImports(root, file);
    for (const p of packages) if (SERVER_ONLY.test(p)) found.push(`${via} → ${relative(root, file)} imports ${p}`);
    for (const m of modules) visit(m, `${via} → ${relative(root, file)}`);
  };
  visit(entry, relative(root, entry));
  return found;
}

describe("client components", () => {
  const clientFiles = sourceFiles(root, ["app"]).filter((f) => /^\s*["']use client["']/.test(readFileSync(f, "utf8")));

  it("are found", () => {
    expect(clientFiles.length).toBeGreaterThan(5);
  });

  it("a server module reached from one is reported", () => {
    expect(serverImportsReachedFrom(`${root}/lib/dashboard/index.ts`).length).toBeGreaterThan(0);
  });

  it("load no server-only code", () => {
    expect(clientFiles.flatMap((f) => serverImportsReachedFrom(f))).toEqual([]);
  });
});
