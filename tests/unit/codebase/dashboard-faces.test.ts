/**
 * lib/dashboard shows itself to the app in three faces, grids, records and explorer, each of at most ten names,
 * so a page author reads one short list to find what a page can use. Detail pages are declared like grids: each
 * `*_RECORD` of the records face is a `defineRecord` whose section is a grid's key.
 */
import { describe, expect, it } from "vitest";
import * as dashboard from "@/lib/dashboard";
import { grids, records, explorer } from "@/lib/dashboard";

const names = (face: object) => Object.keys(face).filter((k) => k !== "default");

describe("lib/dashboard's faces", () => {
  it("are three, each of at most ten names", () => {
    for (const [face, exported] of Object.entries({ grids, records, explorer })) {
      expect(names(exported).length, `lib/dashboard's ${face} face: ${names(exported).join(", ")}`).toBeLessThanOrEqual(
        10,
      );
    }
  });

  it("keeps the package index short: the faces, the shared formatting and the view of store trouble", () => {
    expect(names(dashboard).length, names(dashboard).join(", ")).toBeLessThanOrEqual(20);
  });

  it("declares every detail page as a record of a grid's section", () => {
    const declared = Object.entries(records).filter(([k]) => k.endsWith("_RECORD"));
    expect(declared.map(([k]) => k).sort()).toEqual(["CUSTOMER_RECORD", "ORDER_RECORD", "PRODUCT_RECORD"]);
    for (const [name, spec] of declared) {
      const section = (spec as { section: string }).section;
      expect(grids.gridByKey(section), `${name}'s section "${section}" is a grid`).toBeDefined();
    }
  });

  it("answers 404 for a segment that names no record", () => {
    expect(records.ORDER_RECORD.key("12")).toBe("12");
    expect(records.ORDER_RECORD.key("12abc")).toBeNull();
    expect(records.CUSTOMER_RECORD.key("../1")).toBeNull();
    expect(records.PRODUCT_RECORD.key("24-MB01%20x")).toBe("24-MB01 x");
    expect(records.PRODUCT_RECORD.key("%E0%A4%A")).toBeNull();
  });
});
