/**
 * The dashboard part of the checkout: a guest places an order on the dev store through its REST checkout (cart →
 * items → shipping → payment), and the dashboard's orders grid shows that order's increment id first (newest
 * first), with its customer and grand total.
 */
import { expect, shot, storeGet, test } from "./fixtures/dashboard";

const ADDRESS = {
  firstname: "Katherine",
  lastname: "Johnson",
  street: ["1 Launch Pad"],
  city: "Hampton",
  region_id: 43,
  postcode: "10001",
  country_id: "US",
  telephone: "555-0142",
  email: "k.johnson@example.test",
};

async function rest<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}rest/V1${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

test("an order placed through the store's checkout appears at the top of the dashboard's orders grid", async ({
  page,
  dash,
}) => {
  const base = dash.store.storeBaseUrl;
  const cartId = await rest<string>(base, "POST", "/guest-carts");
  await rest(base, "POST", `/guest-carts/${cartId}/items`, { cartItem: { sku: "24-MB04", qty: 1, quote_id: cartId } });
  await rest(base, "POST", `/guest-carts/${cartId}/shipping-information`, {
    addressInformation: {
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
      shipping_carrier_code: "flatrate",
      shipping_method_code: "flatrate",
    },
  });
  const orderId = await rest<number>(base, "POST", `/guest-carts/${cartId}/payment-information`, {
    email: ADDRESS.email,
    paymentMethod: { method: "checkmo" },
  });
  const order = await storeGet<{ items: { entity_id: number; increment_id: string; grand_total: number }[] }>(
    dash,
    "/orders",
    {
      "searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
      "searchCriteria[filter_groups][0][filters][0][value]": String(orderId),
    },
  );
  const placed = order.items[0]!;

  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/orders`);
  const grid = page.getByRole("table", { name: /Orders/ });
  await expect(grid).toBeVisible();
  const first = page.locator("#orders tbody tr").first();
  await expect(first.locator("td").first()).toHaveText(placed.increment_id);
  await expect(first).toContainText("Katherine Johnson");
  await expect(first).toContainText("Pending"); // the status as the admin labels it
  await shot(page, "orders-new-checkout-order");

  // Searching the grid by the customer's name finds exactly that order.
  await page.goto(
    `${dash.appUrl}/stores/${dash.installationId}/orders?customer=${encodeURIComponent("Katherine Johnson")}`,
  );
  await expect(page.locator("#orders tbody tr td:first-child")).toHaveText([placed.increment_id]);
});
