/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests */
/**
 * The Commerce edition's modules (`--edition commerce`): absent from the open-source store (Magento's 404 no route),
 * working against carts, orders and their own records in the Commerce one.
 */
import { describe, expect, it } from "vitest";
import { ADMIN, criteria, customer, GUEST, harness, type Harness } from "../../../tests/helpers/devstore-rest-harness";

const NY = {
  firstname: "Nia",
  lastname: "York",
  street: ["5 Fifth Ave"],
  city: "New York",
  region_id: 43,
  postcode: "10001",
  country_id: "US",
  telephone: "555-0102",
  email: "nia@example.test",
};

async function guestCart(h: Harness, sku: string, qty = 1): Promise<string> {
  const mask = (await h.call("POST", "/rest/V1/guest-carts")).json as string;
  await h.call("POST", `/rest/V1/guest-carts/${mask}/items`, { cartItem: { sku, qty, quote_id: mask } });
  await h.call("POST", `/rest/V1/guest-carts/${mask}/shipping-information`, {
    addressInformation: {
      shipping_address: NY,
      billing_address: NY,
      shipping_carrier_code: "flatrate",
      shipping_method_code: "flatrate",
    },
  });
  return mask;
}

describe("open-source edition", () => {
  it.each([
    ["GET", "/rest/V1/gift-wrappings?searchCriteria="],
    ["POST", "/rest/V1/carts/mine/balance/apply"],
    ["GET", "/rest/V1/returns/1"],
    ["POST", "/rest/V1/gateway-guest-carts/x/payment-information"],
  ])("%s %s is not a route", async (method, url) => {
    const h = harness();
    h.as(ADMIN);
    expect((await h.call(method, url)).json).toEqual({ message: "Request does not match any route." });
  });
});

describe("commerce edition", () => {
  it("gift cards: check the balance, apply to a guest cart, the order spends it", async () => {
    const h = harness({ edition: "commerce" });
    h.as(GUEST);
    const card = h.data.giftCardAccounts.get(1)!;
    const mask = await guestCart(h, "24-MB03");
    expect((await h.get(`/rest/V1/carts/guest-carts/${mask}/checkGiftCard/${card.code}`)).json).toBe(50);
    expect((await h.get(`/rest/V1/carts/guest-carts/${mask}/checkGiftCard/NOPE`)).status).toBe(404);
    const expired = h.data.giftCardAccounts.get(6)!;
    expect(
      (
        await h.call("POST", `/rest/V1/carts/guest-carts/${mask}/giftCards`, {
          giftCardAccountData: { gift_cards: [expired.code] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call("POST", `/rest/V1/carts/guest-carts/${mask}/giftCards`, {
          giftCardAccountData: { gift_cards: [card.code] },
        })
      ).json,
    ).toBe(true);
    const totals = (await h.get(`/rest/V1/guest-carts/${mask}/totals`)).json;
    expect(totals.total_segments.find((s: any) => s.code === "giftcardaccount").value).toBe(-50);
    const orderId = (
      await h.call("POST", `/rest/V1/guest-carts/${mask}/payment-information`, {
        email: "nia@example.test",
        paymentMethod: { method: "checkmo" },
      })
    ).json;
    expect(typeof orderId).toBe("number");
    expect(h.data.giftCardAccounts.get(1)!.balance).toBe(0);
  });

  it("store credit and reward points on the customer's cart", async () => {
    const h = harness({ edition: "commerce" });
    h.as(customer(1));
    await h.call("POST", "/rest/V1/carts/mine");
    await h.call("POST", "/rest/V1/carts/mine/items", { cartItem: { sku: "24-MB05", qty: 1 } });
    expect((await h.call("POST", "/rest/V1/carts/mine/balance/apply")).json).toBe(true);
    expect((await h.call("POST", "/rest/V1/reward/mine/use-reward")).json).toBe(true);
    const segments = (await h.get("/rest/V1/carts/mine/totals")).json.total_segments;
    expect(segments.find((s: any) => s.code === "customerbalance").value).toBe(-25);
    expect(segments.find((s: any) => s.code === "reward").value).toBe(-12);
    h.as(customer(3));
    await h.call("POST", "/rest/V1/carts/mine");
    if (!h.data.customerBalances.get(3))
      expect((await h.call("POST", "/rest/V1/carts/mine/balance/apply")).status).toBe(400);
  });

  it("returns: request for a shipped order, comment, track, list", async () => {
    const h = harness({ edition: "commerce" });
    h.as(ADMIN);
    const order = [...h.data.orders.values()].find((o) => o.state === "complete")!;
    const rma = (
      await h.call("POST", "/rest/V1/returns", {
        rmaDataObject: {
          order_id: order.entity_id,
          items: [
            { order_item_id: order.items[0]!.item_id, qty_requested: 1, reason: "11", condition: "8", resolution: "5" },
          ],
        },
      })
    ).json;
    expect(rma).toMatchObject({ order_increment_id: order.increment_id, status: "pending" });
    expect(
      (
        await h.call("POST", `/rest/V1/returns/${rma.entity_id}/comments`, {
          data: { comment: "Label sent", is_visible_on_front: true },
        })
      ).json,
    ).toBe(true);
    expect(
      (
        await h.call("POST", `/rest/V1/returns/${rma.entity_id}/tracking-numbers`, {
          track: { track_number: "RMA-1Z", carrier_code: "ups" },
        })
      ).json,
    ).toBe(true);
    expect((await h.get(`/rest/V1/returns/${rma.entity_id}/tracking-numbers`)).json.items[0].track_number).toBe(
      "RMA-1Z",
    );
    expect(
      (await h.call("PUT", `/rest/V1/returns/${rma.entity_id}`, { rmaDataObject: { status: "authorized" } })).json
        .status,
    ).toBe("authorized");
    expect(
      (
        await h.get(`/rest/V1/returns?${criteria({ groups: [[["order_id", String(order.entity_id)]]] })}`)
      ).json.items.map((r: any) => r.entity_id),
    ).toContain(rma.entity_id);
    const unshipped = [...h.data.orders.values()].find((o) => o.state === "new")!;
    expect(
      (
        await h.call("POST", "/rest/V1/returns", {
          rmaDataObject: {
            order_id: unshipped.entity_id,
            items: [{ order_item_id: unshipped.items[0]!.item_id, qty_requested: 1 }],
          },
        })
      ).status,
    ).toBe(400);
    expect((await h.get("/rest/V1/returnsAttributeMetadata/reason")).json.options.map((o: any) => o.label)).toContain(
      "Wrong Size",
    );
  });

  it("gift wrapping designs and the gateway's guest checkout with a test nonce", async () => {
    const h = harness({ edition: "commerce" });
    h.as(ADMIN);
    const w = (
      await h.call("POST", "/rest/V1/gift-wrappings", {
        data: { design: "Blue Stripes", base_price: 3, status: 1, website_ids: [1] },
      })
    ).json;
    expect((await h.get(`/rest/V1/gift-wrappings/${w.wrapping_id}`)).json.design).toBe("Blue Stripes");
    expect((await h.get(`/rest/V1/gift-wrappings?${criteria({ groups: [[["status", "1"]]] })}`)).json.total_count).toBe(
      4,
    );
    expect((await h.call("DELETE", `/rest/V1/gift-wrappings/${w.wrapping_id}`)).json).toBe(true);
    h.as(GUEST);
    const mask = await guestCart(h, "24-UG05");
    const refused = await h.call("POST", `/rest/V1/gateway-guest-carts/${mask}/payment-information`, {
      email: "nia@example.test",
      paymentMethod: { method: "braintree", additional_data: { payment_method_nonce: "made-up" } },
    });
    expect(refused.status).toBe(400);
    const orderId = (
      await h.call("POST", `/rest/V1/gateway-guest-carts/${mask}/payment-information`, {
        email: "nia@example.test",
        paymentMethod: { method: "braintree", additional_data: { payment_method_nonce: "fake-valid-nonce" } },
      })
    ).json;
    h.as(ADMIN);
    expect((await h.get(`/rest/V1/orders/${orderId}`)).json.payment.method).toBe("braintree");
  });
});
