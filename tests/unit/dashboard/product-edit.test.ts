import { describe, expect, it } from "vitest";
import { parseProductEdit, productUpdateBody, PRODUCT_DETAIL_FIELDS, PRODUCT_UPDATE_FIELDS } from "@/lib/dashboard/product-edit";
import { validateFields } from "@/lib/magento/fields";

const form = (o: Record<string, string>) => { const f = new FormData(); for (const [k, v] of Object.entries(o)) f.set(k, v); return f; };

describe("product edit", () => {
  it("parses and converts valid input", () => {
    expect(parseProductEdit(form({ name: "  Joust Bag ", price: "34.50", qty: "12" }))).toEqual({ ok: true, value: { name: "Joust Bag", price: 34.5, qty: 12 } });
  });

  it("reports one message per invalid field", () => {
    const r = parseProductEdit(form({ name: " ", price: "-3", qty: "lots" }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(["name", "price", "qty"]);
  });

  it("wraps the entity under product with stock in extension_attributes", () => {
    expect(productUpdateBody("MB01", { name: "N", price: 1, qty: 0 }, 7)).toEqual({
      product: { sku: "MB01", name: "N", price: 1, extension_attributes: { stock_item: { item_id: 7, qty: 0, is_in_stock: false } } },
    });
  });

  it("its fields values are valid", () => {
    expect(() => validateFields(PRODUCT_DETAIL_FIELDS)).not.toThrow();
    expect(() => validateFields(PRODUCT_UPDATE_FIELDS)).not.toThrow();
  });
});
