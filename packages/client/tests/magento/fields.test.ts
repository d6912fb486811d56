import { describe, expect, it } from "vitest";
import { fields, FieldsSyntaxError, hasTopLevelField, listFields, validateFields } from "../../src/magento/fields.ts";

describe("fields builder", () => {
  it("builds simple, object, object[a,b] and nested forms", () => {
    expect(fields("sku", "name")).toBe("sku,name");
    expect(fields("sku", { extension_attributes: [] })).toBe("sku,extension_attributes");
    expect(fields({ billing_address: ["city", "postcode"] })).toBe("billing_address[city,postcode]");
    expect(fields("sku", { extension_attributes: ["category_links", { stock_item: ["item_id", "qty"] }] })).toBe(
      "sku,extension_attributes[category_links,stock_item[item_id,qty]]",
    );
  });

  it("nests to any depth", () => {
    let spec: Parameters<typeof fields>[0] = "leaf";
    for (let i = 0; i < 20; i++) spec = { [`l${i}`]: [spec] };
    const out = fields(spec);
    expect(out.startsWith("l19[l18[")).toBe(true);
    expect(out.endsWith("leaf" + "]".repeat(20))).toBe(true);
  });

  it("wraps list responses in items[...]", () => {
    expect(listFields("sku", "name", { extension_attributes: ["stock_item"] })).toBe(
      "items[sku,name,extension_attributes[stock_item]]",
    );
  });

  it("rejects bad names in the builder", () => {
    expect(() => fields("sku name")).toThrow(FieldsSyntaxError);
    expect(() => fields({ "bad-name": ["a"] })).toThrow(/not a field name/);
    expect(() => fields()).toThrow(/no fields/);
  });
});

describe("validateFields", () => {
  it.each(["sku", "sku,name", "items[sku,name],total_count", "a[b[c[d]]],e", "_x1"])("accepts %s", (v) => {
    expect(() => validateFields(v)).not.toThrow();
  });

  it.each([
    ["", /empty/],
    ["a[b", /unclosed/],
    ["a]b", /unbalanced/],
    ["a[b]]", /unbalanced/],
    ["a,,b", /empty field name/],
    ["a,", /missing at the end/],
    ["a[]", /empty field name/],
    ["a b", /unexpected character " "/],
    ["1abc", /not a field name/],
    ["a[b]c", /unexpected character "c"/],
    ["items[sku;drop]", /unexpected character ";"/],
  ])("rejects %j with a message naming the problem", (v, msg) => {
    expect(() => validateFields(v)).toThrow(msg);
    try {
      validateFields(v);
    } catch (e) {
      expect(e).toBeInstanceOf(FieldsSyntaxError);
      expect((e as FieldsSyntaxError).message).toContain(`"${v}"`);
    }
  });

  it("finds top-level names only", () => {
    expect(hasTopLevelField("items[sku],total_count", "total_count")).toBe(true);
    expect(hasTopLevelField("items[total_count]", "total_count")).toBe(false);
    expect(hasTopLevelField("items[sku]", "items")).toBe(true);
  });
});
