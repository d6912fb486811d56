/**
 * The app has one door to the kit (app/_kit/index.ts): a handful of exports, the verbs reached through `door()`
 * under the names lib/verbs gives them. A wrapper re-exported under a new name (`getStoreForUser` for
 * `stores.get`) fails here; tests/unit/kit/door.test.ts checks the door's members against the kit's verbs.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..", "..", "..");
const DOOR = "app/_kit/index.ts";
const MAX_EXPORTS = 8;

/** Every name a module exports (values and types, declared or re-exported). */
function exportedNames(path: string, text = readFileSync(join(ROOT, path), "utf8")): string[] {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const exported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const node of sf.statements) {
    if (ts.isExportDeclaration(node)) {
      if (!node.exportClause) names.add(`* from ${(node.moduleSpecifier as ts.StringLiteral).text}`);
      else if (ts.isNamedExports(node.exportClause)) for (const e of node.exportClause.elements) names.add(e.name.text);
      else names.add(node.exportClause.name.text);
    } else if (ts.isVariableStatement(node) && exported(node)) {
      for (const d of node.declarationList.declarations) names.add(d.name.getText(sf));
    } else if (
      (ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isEnumDeclaration(node)) &&
      exported(node) &&
      node.name
    ) {
      names.add(node.name.text);
    } else if (ts.isExportAssignment(node)) names.add("default");
  }
  return [...names];
}

describe("the app's door to the kit", () => {
  it(`exports at most ${MAX_EXPORTS} names, door() among them`, () => {
    const names = exportedNames(DOOR);
    expect(names).toContain("door");
    expect(names.length, `${DOOR} exports ${names.join(", ")}`).toBeLessThanOrEqual(MAX_EXPORTS);
  });

  it("counts every kind of export (a re-export, a declared function, a star) and nothing else", () => {
    const names = exportedNames(
      "fixture.ts",
      [
        'export { a } from "./other";',
        'export * from "./other";',
        "export const b = 1;",
        "export function c(): void {}",
        "export interface D { x: number }",
        "export type E = string;",
        "const notExported = 2;",
        "function f(): void {}",
      ].join("\n"),
    );
    expect(names.sort()).toEqual(["* from ./other", "a", "b", "c", "D", "E"].sort());
  });
});
