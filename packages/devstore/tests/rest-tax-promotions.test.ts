/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests */
/**
 * Tax rates, rules and classes and cart price rules with their coupons: what is written is what later reads and the
 * cart totals use.
 */
import { describe, expect, it } from "vitest";
import { ADMIN, criteria, harness, type Harness } from "../../../tests/helpers/devstore-rest-harness";

const TX = {
  firstname: "Tex",
  lastname: "Ranger",
  street: ["2 Elm"],
  city: "Austin",
  region_id: 57,
  postcode: "78701",
  country_id: "US",
  telephone: "555-0101",
  email: "tex@example.test",
};

async function cartWith(h: Harness, sku: string, qty: number, address = TX): Promise<number> {
  const id = (await h.call("POST", "/rest/V1/carts/")).json as number;
  await h.call("POST", `/rest/V1/carts/${id}/items`, { cartItem: { sku, qty, quote_id: id } });
  await h.call("POST", `/rest/V1/carts/${id}/shipping-information`, {
    addressInformation: {
      shipping_address: address,
      billing_address: address,
      shipping_carrier_code: "flatrate",
      shipping_method_code: "flatrate",
    },
  });
  return id;
}

describe("tax", () => {
  it("a new rate in a rule changes what a cart shipped there pays; the rate cannot go while a rule uses it", async () => {
    const h = harness();
    h.as(ADMIN);
    const before = (await h.get(`/rest/V1/carts/${await cartWith(h, "24-UG07", 1)}/totals`)).json;
    expect(before.tax_amount).toBe(Math.round(12 * 0.0625 * 100) / 100);

    expect(
      (
        await h.call("POST", "/rest/V1/taxRates", {
          taxRate: { code: "US-TX-*-Rate 1", tax_country_id: "US", rate: 1 },
        })
      ).json,
    ).toEqual({ message: "Code already exists." });
    expect(
      (await h.call("POST", "/rest/V1/taxRates", { taxRate: { tax_country_id: "US", rate: 1 } })).json.parameters,
    ).toEqual({ fieldName: "code" });
    const rate = (
      await h.call("POST", "/rest/V1/taxRates", {
        taxRate: { code: "TX-Austin-City", tax_country_id: "US", tax_region_id: 57, tax_postcode: "787*", rate: 2 },
      })
    ).json;
    expect(rate).toMatchObject({ code: "TX-Austin-City", rate: 2, region_name: "TX" });
    const rule = (await h.get("/rest/V1/taxRules/1")).json;
    expect(
      (await h.call("PUT", "/rest/V1/taxRules", { rule: { ...rule, tax_rate_ids: [...rule.tax_rate_ids, rate.id] } }))
        .json.tax_rate_ids,
    ).toContain(rate.id);

    const after = (await h.get(`/rest/V1/carts/${await cartWith(h, "24-UG07", 1)}/totals`)).json;
    expect(after.tax_amount).toBe(Math.round(12 * 0.0825 * 100) / 100);
    expect(after.items[0].tax_percent).toBe(8.25);

    expect((await h.call("DELETE", `/rest/V1/taxRates/${rate.id}`)).json.message).toBe(
      "The tax rate can't be removed because it exists in a tax rule.",
    );
    const found = (await h.get(`/rest/V1/taxRates/search?${criteria({ groups: [[["code", "TX-%", "like"]]] })}`)).json;
    expect(found.items.map((r: any) => r.code)).toEqual(["TX-Austin-City"]);
  });

  it("tax classes: create, rename, unique names, in-use classes stay", async () => {
    const h = harness();
    h.as(ADMIN);
    const id = (
      await h.call("POST", "/rest/V1/taxClasses", { taxClass: { class_name: "Food", class_type: "PRODUCT" } })
    ).json;
    expect(id).toMatch(/^\d+$/);
    expect(
      (
        await h.call("PUT", `/rest/V1/taxClasses/${id}`, {
          taxClass: { class_name: "Groceries", class_type: "PRODUCT" },
        })
      ).json,
    ).toBe(id);
    expect((await h.get(`/rest/V1/taxClasses/${id}`)).json).toEqual({
      class_id: Number(id),
      class_name: "Groceries",
      class_type: "PRODUCT",
    });
    expect(
      (await h.call("POST", "/rest/V1/taxClasses", { taxClass: { class_name: "Groceries", class_type: "PRODUCT" } }))
        .json.message,
    ).toContain("A class with the same name already exists");
    expect((await h.call("DELETE", "/rest/V1/taxClasses/2")).json.message).toContain("in use");
    expect((await h.call("DELETE", `/rest/V1/taxClasses/${id}`)).json).toBe(true);
    expect(
      (await h.get(`/rest/V1/taxClasses/search?${criteria({ groups: [[["class_type", "CUSTOMER"]]] })}`)).json
        .total_count,
    ).toBe(2);
  });
});

describe("cart price rules and coupons", () => {
  it("a rule that generates coupons: generate codes, apply one to a cart, its use is counted when the order is placed", async () => {
    const h = harness();
    h.as(ADMIN);
    const rule = (
      await h.call("POST", "/rest/V1/salesRules", {
        rule: {
          name: "10 off",
          website_ids: [1],
          customer_group_ids: [0, 1],
          simple_action: "cart_fixed",
          discount_amount: 10,
          coupon_type: "AUTO",
          use_auto_generation: true,
          uses_per_coupon: 1,
          is_active: true,
        },
      })
    ).json;
    expect(rule.rule_id).toBeGreaterThan(6);
    const codes = (
      await h.call("POST", "/rest/V1/coupons/generate", {
        couponSpec: { rule_id: rule.rule_id, quantity: 3, length: 8, format: "num", prefix: "TEN-" },
      })
    ).json as string[];
    expect(codes).toHaveLength(3);
    for (const c of codes) expect(c).toMatch(/^TEN-\d{8}$/);
    expect(
      (await h.call("POST", "/rest/V1/coupons/generate", { couponSpec: { rule_id: 3, quantity: 1 } })).json.message,
    ).toBe("Specified rule does not allow automatic coupon generation");

    const cart = await cartWith(h, "24-MB04", 1);
    expect((await h.call("PUT", `/rest/V1/carts/${cart}/coupons/${codes[0]}`)).json).toBe(true);
    const totals = (await h.get(`/rest/V1/carts/${cart}/totals`)).json;
    expect(totals.discount_amount).toBe(-10);
    expect(
      (await h.call("PUT", `/rest/V1/carts/${cart}/selected-payment-method`, { method: { method: "checkmo" } })).status,
    ).toBe(200);
    const orderId = (await h.call("PUT", `/rest/V1/carts/${cart}/order`)).json;
    expect(typeof orderId, JSON.stringify(orderId)).toBe("number");
    expect((await h.get(`/rest/V1/orders/${orderId}`)).json.discount_amount).toBe(-10);
    const coupon = (await h.get(`/rest/V1/coupons/search?${criteria({ groups: [[["code", codes[0]!]]] })}`)).json
      .items[0];
    expect(coupon.times_used).toBe(1);
    // uses_per_coupon 1: the code no longer applies
    const next = await cartWith(h, "24-MB04", 1);
    expect((await h.call("PUT", `/rest/V1/carts/${next}/coupons/${codes[0]}`)).status).toBe(404);

    const deleted = (await h.call("POST", "/rest/V1/coupons/deleteByCodes", { codes: [codes[1], "NOT-A-CODE"] })).json;
    expect(deleted).toEqual({ failed_items: [], missing_items: ["NOT-A-CODE"] });
    expect(
      (await h.call("POST", "/rest/V1/coupons/deleteByCodes", { codes: ["NOT-A-CODE"], ignoreInvalidCoupons: false }))
        .status,
    ).toBe(404);
  });

  it("rule conditions decide: the $200 rule gives 20% only above $200, a deactivated rule gives nothing", async () => {
    const h = harness();
    h.as(ADMIN);
    const small = (await h.get(`/rest/V1/carts/${await cartWith(h, "24-MB06", 1)}/totals`)).json;
    expect(small.discount_amount).toBe(0);
    const big = (await h.get(`/rest/V1/carts/${await cartWith(h, "24-MB06", 3)}/totals`)).json;
    expect(big.discount_amount).toBe(-Math.round(88 * 3 * 0.2 * 100) / 100);
    await h.call("PUT", "/rest/V1/salesRules/1", { rule: { is_active: false } });
    expect((await h.get(`/rest/V1/carts/${await cartWith(h, "24-MB06", 3)}/totals`)).json.discount_amount).toBe(0);
    expect(
      (await h.get(`/rest/V1/salesRules/search?${criteria({ groups: [[["is_active", "1"]]] })}`)).json.items.map(
        (r: any) => r.rule_id,
      ),
    ).not.toContain(1);
  });

  it("coupons can be added only to rules that generate coupons; codes are unique", async () => {
    const h = harness();
    h.as(ADMIN);
    expect((await h.call("POST", "/rest/V1/coupons", { coupon: { rule_id: 1, code: "X1" } })).json.message).toBe(
      "Specified rule does not allow coupons",
    );
    expect(
      (await h.call("POST", "/rest/V1/coupons", { coupon: { rule_id: 5, code: "WELCOME-7K2M9Q" } })).json.message,
    ).toBe("Coupon with the same code already exists.");
    const c = (
      await h.call("POST", "/rest/V1/coupons", { coupon: { rule_id: 5, code: "WELCOME-HANDMADE", usage_limit: 1 } })
    ).json;
    expect((await h.get(`/rest/V1/coupons/${c.coupon_id}`)).json.code).toBe("WELCOME-HANDMADE");
    expect((await h.call("DELETE", "/rest/V1/salesRules/5")).json).toBe(true);
    expect((await h.get(`/rest/V1/coupons/${c.coupon_id}`)).status).toBe(404);
  });
});
