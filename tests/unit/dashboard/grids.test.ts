/**
 * Every grid declaration is listed, reads a catalogue list operation, names only its own filters and sort
 * fields, and is reachable: from the store navigation, and from the export when it declares `export`. A new
 * grid file that is not listed in lib/dashboard/grids.ts (README "Extending the kit", recipe 1) fails here.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GRIDS, gridByKey } from "@/lib/dashboard/grids";
import { findOperation } from "@magento-integration/client";
import { ENTITIES, ENTITY_NAMES } from "@/lib/exports/options";
import { STORE_SECTIONS } from "@/app/components/StoreNav";

const DASHBOARD = join(__dirname, "..", "..", "..", "lib", "dashboard");
const APP_STORE = join(__dirname, "..", "..", "..", "app", "stores", "[id]");

describe("the grids", () => {
  it("lists every grid declaration in lib/dashboard", async () => {
    const files = readdirSync(DASHBOARD).filter((f) => f.endsWith("-grid.ts"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const mod = (await import(join(DASHBOARD, file))) as Record<string, unknown>;
      const declared = Object.values(mod).filter(
        (v) =>
          GRIDS.includes(v as never) || (typeof v === "object" && v !== null && "columns" in v && "operation" in v),
      );
      expect(declared.length, `${file} declares a grid`).toBeGreaterThan(0);
      for (const g of declared) expect(GRIDS, `${file}'s grid is listed in lib/dashboard/grids.ts`).toContain(g);
    }
  });

  it("each reads a GET list operation of the catalogue, with unique keys and its own filters and sort fields", () => {
    expect(new Set(GRIDS.map((g) => g.key)).size).toBe(GRIDS.length);
    for (const g of GRIDS) {
      const op = findOperation(g.operation);
      expect(op, g.key).toBeDefined();
      expect(op!.method, g.key).toBe("GET");
      expect(op!.list, `${g.operation} is a list operation`).toBeDefined();
      expect(g.key, "a URL segment").toMatch(/^[a-z][a-z0-9-]*$/);
      for (const c of g.columns)
        if (c.sortField) expect(g.sortFields, `${g.key} column ${c.key}`).toContain(c.sortField);
      expect(g.sortFields).toContain(g.defaultSort.field);
      for (const input of g.inputs)
        expect(Object.keys(g.filters), `${g.key} input ${input.name}`).toContain(input.name);
      for (const input of g.inputs)
        if (input.kind === "lookup")
          expect(Object.keys(g.lookups ?? {}), `${g.key} lookup ${input.lookup}`).toContain(input.lookup);
      expect(gridByKey(g.key)).toBe(g);
    }
  });

  it("no grid key is taken by a page folder of its own (that folder would win over the grid page)", () => {
    const folders = readdirSync(APP_STORE, { withFileTypes: true }).filter((d) => d.isDirectory());
    for (const g of GRIDS) {
      const own = folders.find((d) => d.name === g.key);
      if (own)
        expect(readdirSync(join(APP_STORE, own.name)), `app/stores/[id]/${g.key} has no page.tsx`).not.toContain(
          "page.tsx",
        );
    }
  });

  it("every grid is in the store navigation, and every grid that declares export is offered by the export", () => {
    for (const g of GRIDS) {
      expect(STORE_SECTIONS.find((s) => s.key === g.key)).toMatchObject({ label: g.title, path: `/${g.key}` });
      if (g.export) {
        expect(ENTITY_NAMES).toContain(g.key);
        expect(ENTITIES[g.key]).toMatchObject({
          operation: g.operation,
          fields: g.export.fields,
          path: findOperation(g.operation)!.path,
        });
      } else {
        expect(ENTITY_NAMES).not.toContain(g.key);
      }
    }
  });
});
