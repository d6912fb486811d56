import { describe, expect, it } from "vitest";
import {
  productEditSchema,
  productUpdateBody,
  PRODUCT_DETAIL_FIELDS,
  PRODUCT_EDIT_FIELDS,
  PRODUCT_UPDATE_FIELDS,
} from "@/lib/dashboard/records/product";
import { parseForm } from "@/lib/forms/form-state";
import { validateFields } from "@magento-integration/client";

const form = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.set(k, v);
  return f;
};

describe("product edit", () => {
  it("parses and converts valid input", () => {
    const r = parseForm(
      productEditSchema,
      form({ name: "  Joust Bag ", price: "34.50", qty: "12" }),
      PRODUCT_EDIT_FIELDS,
    );
    expect(r.ok && r.data).toEqual({ name: "Joust Bag", price: 34.5, qty: 12 });
  });

  it("reports one message per invalid field and keeps every value typed", () => {
    const typed = { name: " ", price: "-3", qty: "lots" };
    const r = parseForm(productEditSchema, form(typed), PRODUCT_EDIT_FIELDS);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(Object.keys(r.state.fieldErrors).sort()).toEqual(["name", "price", "qty"]);
      expect(r.state.values).toEqual(typed);
    }
  });

  const priceError = (price: string) => {
    const r = parseForm(productEditSchema, form({ name: "Bag", price, qty: "1" }), PRODUCT_EDIT_FIELDS);
    return r.ok ? undefined : r.state.fieldErrors.price;
  };
  const qtyError = (qty: string) => {
    const r = parseForm(productEditSchema, form({ name: "Bag", price: "1", qty }), PRODUCT_EDIT_FIELDS);
    return r.ok ? undefined : r.state.fieldErrors.qty;
  };

  it("says exactly what is wrong with a price", () => {
    expect(priceError("-5")).toBe("Price must be 0 or more");
    expect(priceError("12,50")).toBe("Price: use a dot as the decimal separator (12.50)");
    expect(priceError("36.505")).toBe("Price allows at most 2 decimals");
    expect(priceError("abc")).toBe("Price must be a number such as 19.99");
    expect(priceError("")).toBe("Enter the price");
    expect(priceError("36.5")).toBeUndefined();
    expect(priceError("0")).toBeUndefined();
  });

  it("says exactly what is wrong with a quantity", () => {
    expect(qtyError("-3")).toBe("Quantity must be 0 or more");
    expect(qtyError("2.5")).toBe("Quantity must be a whole number");
    expect(qtyError("12")).toBeUndefined();
  });

  it("wraps the entity under product with stock in extension_attributes", () => {
    expect(productUpdateBody("MB01", { name: "N", price: 1, qty: 0 }, 7)).toEqual({
      product: {
        sku: "MB01",
        name: "N",
        price: 1,
        extension_attributes: { stock_item: { item_id: 7, qty: 0, is_in_stock: false } },
      },
    });
  });

  it("its fields values are valid", () => {
    expect(() => validateFields(PRODUCT_DETAIL_FIELDS)).not.toThrow();
    expect(() => validateFields(PRODUCT_UPDATE_FIELDS)).not.toThrow();
  });
});
