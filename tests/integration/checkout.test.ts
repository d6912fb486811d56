/**
 * A checkout end to end through the kit's typed client (`createMagentoClient(...).call(...)`) against the dev
 * store: a guest and a signed-in customer each create a cart, add items, set addresses, choose shipping and
 * payment, and place an order; the app (a signed integration) then finds both orders through /V1/orders.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMagentoClient,
  fetchCustomerToken,
  searchCriteria,
  type MagentoClient,
} from "@magento-integration/client";
import { startDevStore, type DevStore } from "../../packages/devstore/src/server";

let store: DevStore;
let app: MagentoClient;

const ADDRESS = {
  firstname: "Grace",
  lastname: "Hopper",
  street: ["77 Harbor Way"],
  city: "New York",
  region_id: 43,
  region_code: "NY",
  postcode: "10001",
  country_id: "US",
  telephone: "555-0199",
  email: "grace.hopper@example.test",
};

interface Totals {
  grand_total: number;
  subtotal: number;
  tax_amount: number;
  shipping_amount: number;
}
interface Order {
  entity_id: number;
  increment_id: string;
  status: string;
  grand_total: number;
  customer_email: string;
  customer_id?: number;
  items: { sku: string; qty_ordered: number }[];
}

beforeAll(async () => {
  store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const res = await fetch(`${store.url}/admin/api/integrations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "checkout test", resources: ["Magento_Sales::sales", "Magento_Cart::cart"] }),
  });
  const integration = (await res.json()) as { id: number };
  const activated = await fetch(`${store.url}/admin/api/integrations/${integration.id}/activate`, { method: "POST" });
  const { tokens } = (await activated.json()) as {
    tokens: { consumer_key: string; consumer_secret: string; access_token: string; access_token_secret: string };
  };
  app = createMagentoClient({
    baseUrl: store.storeBaseUrl,
    auth: {
      kind: "oauth",
      consumerKey: tokens.consumer_key,
      consumerSecret: tokens.consumer_secret,
      accessToken: tokens.access_token,
      accessTokenSecret: tokens.access_token_secret,
    },
  });
});

afterAll(async () => {
  await store?.close();
});

async function findOrder(incrementId: string): Promise<Order> {
  const res = await app.call<"getOrders", { items: Order[]; total_count: number }>("getOrders", {
    searchCriteria: searchCriteria().where("increment_id", "eq", incrementId),
  });
  expect(res.data.total_count).toBe(1);
  return res.data.items[0]!;
}

describe("checkout through the typed client", () => {
  it("a guest: cart, items, shipping address and method, payment, order, found in /V1/orders", async () => {
    const guest = createMagentoClient({ baseUrl: store.storeBaseUrl, auth: { kind: "none" } });
    const cartId = (await guest.call<"postGuestCarts", string>("postGuestCarts")).data;
    expect(cartId).toHaveLength(32);
    const cartItem = (sku: string, qty: number) => ({
      body: { cartItem: { sku, qty, quote_id: cartId } },
      pathParams: { cartId },
    });
    await guest.call("postGuestCartsByCartIdItems", cartItem("24-MB02", 1));
    await guest.call("postGuestCartsByCartIdItems", cartItem("24-UG04", 2));
    const items = (
      await guest.call<"getGuestCartsByCartIdItems", { sku: string; qty: number }[]>("getGuestCartsByCartIdItems", {
        pathParams: { cartId },
      })
    ).data;
    expect(items.map((i) => [i.sku, i.qty])).toEqual([
      ["24-MB02", 1],
      ["24-UG04", 2],
    ]);

    const methods = (
      await guest.call<
        "postGuestCartsByCartIdEstimateShippingMethods",
        { carrier_code: string; method_code: string; amount: number }[]
      >("postGuestCartsByCartIdEstimateShippingMethods", { pathParams: { cartId }, body: { address: ADDRESS } })
    ).data;
    const flat = methods.find((m) => m.carrier_code === "flatrate")!;
    expect(flat.amount).toBe(15);
    const details = (
      await guest.call<
        "postGuestCartsByCartIdShippingInformation",
        { payment_methods: { code: string }[]; totals: Totals }
      >("postGuestCartsByCartIdShippingInformation", {
        pathParams: { cartId },
        body: {
          addressInformation: {
            shipping_address: ADDRESS,
            billing_address: ADDRESS,
            shipping_carrier_code: flat.carrier_code,
            shipping_method_code: flat.method_code,
          },
        },
      })
    ).data;
    expect(details.payment_methods.map((m) => m.code)).toContain("checkmo");
    expect(details.totals.shipping_amount).toBe(15);
    expect(details.totals.tax_amount).toBeGreaterThan(0);

    const orderId = (
      await guest.call<"postGuestCartsByCartIdPaymentInformation", number>("postGuestCartsByCartIdPaymentInformation", {
        pathParams: { cartId },
        body: { email: ADDRESS.email, paymentMethod: { method: "checkmo" }, billingAddress: ADDRESS },
      })
    ).data;
    expect(orderId).toBeGreaterThan(1200);

    const order = (await app.call<"getOrdersById", Order>("getOrdersById", { pathParams: { id: orderId } })).data;
    expect(order).toMatchObject({
      status: "pending",
      customer_email: ADDRESS.email,
      grand_total: details.totals.grand_total,
    });
    expect((await findOrder(order.increment_id)).entity_id).toBe(orderId);
    // The cart is closed: its items answer 404.
    await expect(guest.call("getGuestCartsByCartIdItems", { pathParams: { cartId } })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("a customer: token, carts/mine, saved address, payment method, place order, the order is theirs", async () => {
    const token = await fetchCustomerToken({
      baseUrl: store.storeBaseUrl,
      username: "roni_cost@example.com",
      password: "roni_cost3",
    });
    const shopper = createMagentoClient({ baseUrl: store.storeBaseUrl, auth: { kind: "bearer", token } });
    const cartId = (await shopper.call<"postCartsMine", number>("postCartsMine")).data;
    await shopper.call("postCartsMineItems", { body: { cartItem: { sku: "24-WG02", qty: 1 } } });
    await shopper.call("postCartsMineBillingAddress", {
      body: { address: { ...ADDRESS, customer_address_id: 1, email: "roni_cost@example.com" }, useForShipping: true },
    });
    const rates = (
      await shopper.call<"getCartsMineShippingMethods", { carrier_code: string; method_code: string }[]>(
        "getCartsMineShippingMethods",
      )
    ).data;
    expect(rates.map((r) => r.carrier_code)).toEqual(expect.arrayContaining(["flatrate", "tablerate"]));
    await shopper.call("postCartsMineShippingInformation", {
      body: {
        addressInformation: {
          shipping_address: { ...ADDRESS, customer_address_id: 1 },
          shipping_carrier_code: "tablerate",
          shipping_method_code: "bestway",
        },
      },
    });
    const payments = (
      await shopper.call<"getCartsMinePaymentMethods", { code: string }[]>("getCartsMinePaymentMethods")
    ).data;
    expect(payments.map((p) => p.code)).toContain("banktransfer");
    await shopper.call("putCartsMineSelectedPaymentMethod", { body: { method: { method: "banktransfer" } } });
    const totals = (await shopper.call<"getCartsMineTotals", Totals>("getCartsMineTotals")).data;
    const orderId = (await shopper.call<"putCartsMineOrder", number>("putCartsMineOrder")).data;

    const order = (await app.call<"getOrdersById", Order>("getOrdersById", { pathParams: { id: orderId } })).data;
    expect(order).toMatchObject({
      customer_id: 1,
      customer_email: "roni_cost@example.com",
      grand_total: totals.grand_total,
    });
    expect(order.items.map((i) => i.sku)).toEqual(["24-WG02"]);
    const cart = (
      await app.call<"getCartsByCartId", { is_active: boolean; reserved_order_id: string }>("getCartsByCartId", {
        pathParams: { cartId },
      })
    ).data;
    expect(cart).toEqual(expect.objectContaining({ is_active: false, reserved_order_id: order.increment_id }));
    expect((await findOrder(order.increment_id)).customer_id).toBe(1);
  });
});
