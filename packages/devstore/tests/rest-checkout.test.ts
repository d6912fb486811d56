/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests */
/**
 * Carts and checkout against the dev store's REST layer: a guest and a customer go from an empty cart to an order
 * that the order repository then returns, with Magento's shipping, tax, coupon, stock and placement rules.
 */
import { describe, expect, it } from "vitest";
import { ADMIN, customer, GUEST, harness, type Harness } from "../../../tests/helpers/devstore-rest-harness";

const RONI = {
  firstname: "Veronica",
  lastname: "Costello",
  street: ["6146 Honey Bluff Parkway"],
  city: "Calder",
  region_id: 33,
  postcode: "49628-7978",
  country_id: "US",
  telephone: "(555) 229-3326",
};
const CA = {
  firstname: "Ada",
  lastname: "Lovelace",
  street: ["1 Main St"],
  city: "Los Angeles",
  region_id: 12,
  postcode: "90012",
  country_id: "US",
  telephone: "555-0100",
  email: "ada@example.test",
};

function childOf(h: Harness, parentSku: string) {
  const parent = h.data.product(parentSku)!;
  const childId = parent.extension_attributes.configurable_product_links![0]!;
  const child = h.data.productsById.get(childId)!;
  const value = (code: string) => Number(child.custom_attributes.find((a) => a.attribute_code === code)!.value);
  return {
    child,
    options: [
      { option_id: "144", option_value: value("size") },
      { option_id: "93", option_value: value("color") },
    ],
  };
}

describe("guest checkout", () => {
  it("cart → items (simple + configurable) → shipping → coupon → payment → order in /V1/orders; the cart closes and stock drops", async () => {
    const h = harness();
    h.as(GUEST);
    const mask = (await h.call("POST", "/rest/V1/guest-carts")).json as string;
    expect(mask).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // As in Magento, the cart an item goes to is the body's quote_id (CartItemRepository::save).
    const noQuote = await h.call("POST", `/rest/V1/guest-carts/${mask}/items`, {
      cartItem: { sku: "24-MB01", qty: 1 },
    });
    expect(noQuote.json).toEqual({
      message: '"%fieldName" is required. Enter and try again.',
      parameters: { fieldName: "quoteId" },
    });

    const stockBefore = h.data.product("24-MB01")!.extension_attributes.stock_item.qty;
    const bag = await h.call("POST", `/rest/V1/guest-carts/${mask}/items`, {
      cartItem: { sku: "24-MB01", qty: 2, quote_id: mask },
    });
    expect(bag.json).toMatchObject({ sku: "24-MB01", qty: 2, product_type: "simple", quote_id: mask });
    const again = await h.call("POST", `/rest/V1/guest-carts/${mask}/items`, {
      cartItem: { sku: "24-mb01", qty: 1, quote_id: mask },
    });
    expect(again.json.item_id).toBe(bag.json.item_id);
    expect(again.json.qty).toBe(3);

    const noOptions = await h.call("POST", `/rest/V1/guest-carts/${mask}/items`, {
      cartItem: { sku: "MJ01", qty: 1, quote_id: mask },
    });
    expect(noOptions.json.message).toBe("You need to choose options for your item.");
    const { child, options } = childOf(h, "MJ01");
    const jacket = await h.call("POST", `/rest/V1/guest-carts/${mask}/items`, {
      cartItem: {
        sku: "MJ01",
        qty: 1,
        quote_id: mask,
        product_option: { extension_attributes: { configurable_item_options: options } },
      },
    });
    expect(jacket.json).toMatchObject({ sku: child.sku, product_type: "configurable" });
    expect((await h.get(`/rest/V1/guest-carts/${mask}/items`)).json).toHaveLength(2);

    const tooMany = await h.call("POST", `/rest/V1/guest-carts/${mask}/items`, {
      cartItem: { sku: "24-MB01", qty: 500, quote_id: mask },
    });
    expect(tooMany.json.message).toBe("The requested qty is not available");

    expect((await h.get(`/rest/V1/guest-carts/${mask}/shipping-methods`)).json.message).toBe(
      "The shipping address is missing. Set the address and try again.",
    );
    const estimate = (
      await h.call("POST", `/rest/V1/guest-carts/${mask}/estimate-shipping-methods`, {
        address: { country_id: "US", region_id: 12, postcode: "90012" },
      })
    ).json;
    expect(estimate.find((m: any) => m.carrier_code === "flatrate").amount).toBe(20);

    const badMethod = await h.call("POST", `/rest/V1/guest-carts/${mask}/shipping-information`, {
      addressInformation: {
        shipping_address: CA,
        billing_address: CA,
        shipping_carrier_code: "ups",
        shipping_method_code: "GND",
      },
    });
    expect(badMethod.json).toEqual({
      message: "Carrier with such method not found: %1, %2",
      parameters: ["ups", "GND"],
    });
    const details = (
      await h.call("POST", `/rest/V1/guest-carts/${mask}/shipping-information`, {
        addressInformation: {
          shipping_address: CA,
          billing_address: CA,
          shipping_carrier_code: "flatrate",
          shipping_method_code: "flatrate",
        },
      })
    ).json;
    expect(details.payment_methods.map((m: any) => m.code)).toContain("checkmo");
    const subtotal = Math.round((3 * h.data.product("24-MB01")!.price + child.price) * 100) / 100;
    expect(details.totals.subtotal).toBe(subtotal);
    // The seeded rule "Spend $100 or more - shipping is free!" applies from a $100 subtotal.
    expect(details.totals.shipping_amount).toBe(subtotal >= 100 ? 0 : 20);
    // California: US-CA-*-Rate 1, 8.25 % on the goods.
    expect(details.totals.tax_amount).toBe(Math.round(subtotal * 0.0825 * 100) / 100);

    expect((await h.call("PUT", `/rest/V1/guest-carts/${mask}/coupons/NOPE`)).json.message).toBe(
      "The coupon code isn't valid. Verify the code and try again.",
    );
    expect((await h.call("PUT", `/rest/V1/guest-carts/${mask}/coupons/h20`)).json).toBe(true);
    expect((await h.get(`/rest/V1/guest-carts/${mask}/coupons`)).json).toBe("H20");
    const totals = (await h.get(`/rest/V1/guest-carts/${mask}/totals`)).json;
    expect(totals.discount_amount).toBeLessThan(0);
    expect(totals.total_segments.map((s: any) => s.code)).toEqual([
      "subtotal",
      "shipping",
      "discount",
      "tax",
      "grand_total",
    ]);

    const noEmail = await h.call("POST", `/rest/V1/guest-carts/${mask}/payment-information`, {
      paymentMethod: { method: "checkmo" },
    });
    expect(noEmail.json).toEqual({
      message: '"%fieldName" is required. Enter and try again.',
      parameters: { fieldName: "email" },
    });
    const orderId = (
      await h.call("POST", `/rest/V1/guest-carts/${mask}/payment-information`, {
        email: "ada@example.test",
        paymentMethod: { method: "checkmo" },
      })
    ).json;
    expect(typeof orderId).toBe("number");

    h.as(ADMIN);
    const order = (await h.get(`/rest/V1/orders/${orderId}`)).json;
    expect(order).toMatchObject({
      state: "new",
      status: "pending",
      customer_is_guest: 1,
      customer_email: "ada@example.test",
      grand_total: totals.grand_total,
      shipping_description: "Flat Rate - Fixed",
    });
    expect(order.items.map((i: any) => i.sku).sort()).toEqual(["24-MB01", child.sku].sort());
    expect(order.payment.method).toBe("checkmo");
    const found = (
      await h.get(
        `/rest/V1/orders?searchCriteria[filter_groups][0][filters][0][field]=increment_id&searchCriteria[filter_groups][0][filters][0][value]=${order.increment_id}`,
      )
    ).json;
    expect(found.items.map((o: any) => o.entity_id)).toEqual([orderId]);
    expect(h.data.product("24-MB01")!.extension_attributes.stock_item.qty).toBe(stockBefore - 3);
    expect(h.data.coupons.get(1)!.times_used).toBe(58);

    h.as(GUEST);
    const closed = await h.get(`/rest/V1/guest-carts/${mask}/items`);
    expect(closed.status).toBe(404);
    expect(closed.json).toEqual({
      message: "No such entity with %fieldName = %fieldValue",
      parameters: { fieldName: "cartId", fieldValue: mask },
    });
  });

  it("an unknown masked id is 404; the numeric id does not open a guest cart", async () => {
    const h = harness();
    h.as(GUEST);
    expect((await h.get("/rest/V1/guest-carts/00000000000000000000000000000000")).status).toBe(404);
    expect((await h.get("/rest/V1/guest-carts/1")).status).toBe(404);
  });
});

describe("customer checkout", () => {
  it("carts/mine with a saved address, placing with PUT carts/mine/order, the order is the customer's", async () => {
    const h = harness();
    h.as(customer(1));
    expect((await h.get("/rest/V1/carts/mine/items")).json).toEqual({
      message: "Current customer does not have an active cart.",
    });
    const cartId = (await h.call("POST", "/rest/V1/carts/mine")).json;
    expect((await h.call("POST", "/rest/V1/carts/mine")).json).toBe(cartId);
    await h.call("POST", "/rest/V1/carts/mine/items", { cartItem: { sku: "24-WG01", qty: 1 } });
    const missing = await h.call("PUT", "/rest/V1/carts/mine/order", { paymentMethod: { method: "checkmo" } });
    expect(missing.json.message).toBe("The shipping address is missing. Set the address and try again.");
    const details = (
      await h.call("POST", "/rest/V1/carts/mine/shipping-information", {
        addressInformation: {
          shipping_address: { ...RONI, customer_address_id: 1 },
          shipping_carrier_code: "tablerate",
          shipping_method_code: "bestway",
        },
      })
    ).json;
    // Michigan: 6 %.
    expect(details.totals.tax_amount).toBe(Math.round(h.data.product("24-WG01")!.price * 0.06 * 100) / 100);
    const orderId = (await h.call("PUT", "/rest/V1/carts/mine/order", { paymentMethod: { method: "checkmo" } })).json;
    h.as(ADMIN);
    const order = (await h.get(`/rest/V1/orders/${orderId}`)).json;
    expect(order).toMatchObject({
      customer_id: 1,
      customer_is_guest: 0,
      customer_email: "roni_cost@example.com",
      shipping_description: "Best Way - Table Rate",
    });
    expect(order.billing_address.city).toBe("Calder");
    expect((await h.get(`/rest/V1/carts/${cartId}`)).json).toMatchObject({
      is_active: false,
      reserved_order_id: order.increment_id,
    });
  });

  it("the placement validators: shipping method, payment method, empty cart", async () => {
    const h = harness();
    h.as(ADMIN);
    const id = (await h.call("POST", "/rest/V1/carts/")).json;
    expect((await h.call("PUT", `/rest/V1/carts/${id}/order`)).json.message).toBe(
      "The cart is empty. Add items to the cart and try again.",
    );
    await h.call("POST", `/rest/V1/carts/${id}/items`, { cartItem: { sku: "24-MB02", qty: 1, quote_id: id } });
    await h.call("POST", `/rest/V1/carts/${id}/billing-address`, { address: CA, useForShipping: true });
    const placed = await h.call("PUT", `/rest/V1/carts/${id}/order`);
    expect(placed.json.message).toContain("The shipping method is missing. Select the shipping method and try again.");
    expect(placed.json.message).toContain("Enter a valid payment method and try again.");
    expect(
      (await h.call("PUT", `/rest/V1/carts/${id}/selected-payment-method`, { method: { method: "free" } })).json
        .message,
    ).toBe("The requested Payment Method is not available.");
    expect(
      (await h.call("PUT", `/rest/V1/carts/${id}/selected-payment-method`, { method: { method: "banktransfer" } }))
        .json,
    ).toBe(id);
    expect((await h.get(`/rest/V1/carts/${id}/selected-payment-method`)).json).toEqual({
      po_number: null,
      method: "banktransfer",
      additional_data: null,
    });
    expect((await h.get(`/rest/V1/carts/${id}`)).json.is_active).toBe(true);
  });

  it("a guest cart assigned to a customer becomes theirs; gift messages stay on the cart", async () => {
    const h = harness();
    h.as(GUEST);
    const mask = (await h.call("POST", "/rest/V1/guest-carts")).json as string;
    const item = (
      await h.call("POST", `/rest/V1/guest-carts/${mask}/items`, {
        cartItem: { sku: "24-UG06", qty: 1, quote_id: mask },
      })
    ).json;
    expect(
      (
        await h.call("POST", `/rest/V1/guest-carts/${mask}/gift-message`, {
          giftMessage: { sender: "Ada", recipient: "Bob", message: "Cheers" },
        })
      ).json,
    ).toBe(true);
    expect(
      (
        await h.call("POST", `/rest/V1/guest-carts/${mask}/gift-message/${item.item_id}`, {
          giftMessage: { sender: "Ada", recipient: "Bob", message: "For the gym" },
        })
      ).json,
    ).toBe(true);
    expect((await h.get(`/rest/V1/guest-carts/${mask}/gift-message/${item.item_id}`)).json.message).toBe("For the gym");
    // Customer 12 has no active cart, so the guest cart becomes theirs (a customer with one gets the items merged).
    h.as(customer(12));
    expect((await h.call("PUT", `/rest/V1/guest-carts/${mask}`, { storeId: 1 })).json).toBe(true);
    const mine = (await h.get("/rest/V1/carts/mine")).json;
    expect(mine.customer.id).toBe(12);
    expect((await h.get("/rest/V1/carts/mine/gift-message")).json).toMatchObject({
      sender: "Ada",
      recipient: "Bob",
      message: "Cheers",
    });
  });
});
