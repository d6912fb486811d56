/**
 * Placing an order from a cart (magento/magento2 app/code/Magento/Quote/Model/QuoteManagement.php::placeOrder and
 * Quote/Model/QuoteValidator.php): the cart must have items, a valid shipping address and method (unless virtual),
 * a valid billing address and an available payment method; a guest needs an email. The order starts `new` /
 * `pending`, stock is taken, the cart is closed, coupon and rule usage is counted, Commerce balances are spent.
 * Answers the new order's id, which `GET /V1/orders/{id}` and the order grid then show.
 */
import type { Order, OrderAddress, OrderItem, Quote, QuoteAddress, StoreData } from "../../data/index.ts";
import { STORE_VIEWS } from "../../data/index.ts";
import { badRequest } from "../errors.ts";
import type { RouteContext } from "../route.ts";
import { nowText } from "../routes/input.ts";
import { couponByCode } from "./discounts.ts";
import { missingAddressFields } from "./addresses.ts";
import { availableMethods, methodTitle } from "./payment-methods.ts";
import { isVirtual } from "./shipping-rates.ts";
import { computeTotals, REWARD_POINT_VALUE } from "./totals.ts";

const round2 = (n: number) => Math.round(n * 100) / 100;

function fieldErrors(prefix: string, missing: string[]): string {
  return `${prefix} ${missing.map((f) => `"${f}" is required. Enter and try again.`).join(" ")}`;
}

function orderAddress(
  data: StoreData,
  a: QuoteAddress,
  type: "billing" | "shipping",
  orderId: number,
  email: string,
): OrderAddress {
  const out: OrderAddress = {
    address_type: type,
    city: a.city ?? "",
    country_id: a.country_id ?? "",
    email: a.email ?? email,
    entity_id: data.nextId("orderAddress"),
    firstname: a.firstname ?? "",
    lastname: a.lastname ?? "",
    parent_id: orderId,
    postcode: a.postcode ?? "",
    region: a.region ?? "",
    region_code: a.region_code ?? "",
    region_id: a.region_id ?? 0,
    street: [...a.street],
    telephone: a.telephone ?? "",
  };
  if (a.customer_address_id !== undefined) out.customer_address_id = a.customer_address_id;
  return out;
}

/** QuoteValidator::validateBeforeSubmit, collected as Magento joins its rule messages. */
function validate(q: Quote, grandTotal: number): void {
  if (q.items.length === 0) throw badRequest("The cart is empty. Add items to the cart and try again.");
  const errors: string[] = [];
  if (!isVirtual(q)) {
    const missing = missingAddressFields(q.shipping_address);
    if (missing.length) errors.push(fieldErrors("Please check the shipping address information.", missing));
    else if (!q.shipping_method)
      errors.push("The shipping method is missing. Select the shipping method and try again.");
  }
  const billingMissing = missingAddressFields(q.billing_address);
  if (billingMissing.length) errors.push(fieldErrors("Please check the billing address information.", billingMissing));
  if (!q.payment?.method || !availableMethods(grandTotal).some((m) => m.code === q.payment?.method))
    errors.push("Enter a valid payment method and try again.");
  if (errors.length) throw badRequest(errors.join("\n"));
}

export function placeOrder(ctx: RouteContext, q: Quote, guest: boolean): number {
  const { data } = ctx;
  const today = nowText(ctx.now).slice(0, 10);
  const totals = computeTotals(data, q, { today });
  validate(q, totals.grandTotal);
  // A guest order takes its email and names from the billing address (QuoteManagement::placeOrder, METHOD_GUEST).
  if (guest || q.customer_id === undefined) {
    q.customer_email = q.billing_address?.email ?? q.customer_email;
    if (!q.customer_email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q.customer_email))
      throw badRequest("The customer email is missing. Enter and try again.");
    q.customer_firstname ??= q.billing_address?.firstname ?? null;
    q.customer_lastname ??= q.billing_address?.lastname ?? null;
    q.customer_group_id = 0;
    q.customer_is_guest = true;
  }
  const now = nowText(ctx.now);
  const id = data.nextId("order");
  const store = STORE_VIEWS.find((s) => s.id === q.store_id) ?? STORE_VIEWS[1]!;
  const email = q.customer_email ?? "";
  const billing = orderAddress(data, q.billing_address!, "billing", id, email);
  const shipTo =
    q.shipping_address && !isVirtual(q)
      ? orderAddress(data, q.shipping_address, "shipping", id, email)
      : { ...billing, address_type: "shipping" as const, entity_id: data.nextId("orderAddress") };
  const items: OrderItem[] = q.items.map((i) => {
    const row = round2(i.price * i.qty);
    const tax = totals.itemTax.get(i.item_id)?.amount ?? 0;
    const item: OrderItem = {
      item_id: data.nextId("orderItem"),
      order_id: id,
      product_id: i.child_product_id ?? i.product_id,
      sku: i.sku,
      name: i.name,
      product_type: i.child_product_id !== undefined ? "simple" : i.product_type,
      qty_ordered: i.qty,
      qty_invoiced: 0,
      qty_shipped: 0,
      qty_refunded: 0,
      qty_canceled: 0,
      price: i.price,
      base_price: i.price,
      original_price: i.price,
      row_total: row,
      base_row_total: row,
      tax_amount: tax,
      discount_amount: totals.discount.byItem.get(i.item_id) ?? 0,
      store_id: q.store_id,
      created_at: now,
      updated_at: now,
    };
    if (i.weight !== undefined) item.weight = i.weight;
    return item;
  });
  const rate = totals.shippingRate;
  const order: Order = {
    entity_id: id,
    increment_id: String(id).padStart(9, "0"),
    state: "new",
    status: "pending",
    created_at: now,
    updated_at: now,
    customer_is_guest: q.customer_is_guest ? 1 : 0,
    customer_email: email,
    customer_firstname: q.customer_firstname ?? billing.firstname,
    customer_lastname: q.customer_lastname ?? billing.lastname,
    customer_group_id: q.customer_group_id,
    store_id: q.store_id,
    store_name: `Main Website\nMain Website Store\n${store.name}`,
    base_currency_code: "USD",
    order_currency_code: "USD",
    global_currency_code: "USD",
    store_currency_code: "USD",
    subtotal: totals.subtotal,
    base_subtotal: totals.subtotal,
    shipping_amount: totals.shipping,
    base_shipping_amount: totals.shipping,
    tax_amount: totals.tax,
    base_tax_amount: totals.tax,
    discount_amount: -round2(totals.discount.total + totals.discount.shipping),
    grand_total: totals.grandTotal,
    base_grand_total: totals.grandTotal,
    total_qty_ordered: totals.qty,
    total_item_count: items.length,
    weight: round2(items.reduce((s, i) => s + (i.weight ?? 0) * i.qty_ordered, 0)),
    shipping_description: rate ? `${rate.carrier_title} - ${rate.method_title}` : "",
    items,
    billing_address: billing,
    payment: {
      entity_id: id,
      parent_id: id,
      method: q.payment!.method,
      amount_ordered: totals.grandTotal,
      base_amount_ordered: totals.grandTotal,
      additional_information: [methodTitle(q.payment!.method)],
    },
    status_histories: [],
    extension_attributes: {
      shipping_assignments: [
        {
          shipping: {
            address: shipTo,
            method: q.shipping_method ? `${q.shipping_method.carrier_code}_${q.shipping_method.method_code}` : "",
            total: { shipping_amount: totals.shipping, base_shipping_amount: totals.shipping },
          },
          items,
        },
      ],
    },
  };
  if (q.customer_id !== undefined && !q.customer_is_guest) order.customer_id = q.customer_id;
  data.orders.set(id, order);
  spend(data, q, totals.giftCards, totals.customerBalance, totals.rewardCurrency);
  for (const i of q.items) {
    const stocked = data.productsById.get(i.child_product_id ?? i.product_id);
    const s = stocked?.extension_attributes.stock_item;
    if (s && s.manage_stock) {
      s.qty = round2(s.qty - i.qty);
      if (s.qty <= s.min_qty && s.backorders === 0) s.is_in_stock = false;
    }
  }
  for (const ruleId of totals.discount.appliedRuleIds) {
    const rule = data.salesRules.get(ruleId);
    if (rule) rule.times_used++;
  }
  if (q.coupon_code && totals.discount.couponApplied) {
    const coupon = couponByCode(data, q.coupon_code);
    if (coupon) coupon.times_used++;
  }
  q.is_active = false;
  q.reserved_order_id = order.increment_id;
  q.updated_at = now;
  return id;
}

/** Commerce balances used by the order: gift cards in order, then store credit, then reward points. */
function spend(data: StoreData, q: Quote, giftCards: number, balance: number, reward: number): void {
  let left = giftCards;
  for (const code of q.gift_cards) {
    for (const g of data.giftCardAccounts.values()) {
      if (g.code !== code || left <= 0) continue;
      const used = Math.min(left, g.balance);
      g.balance = round2(g.balance - used);
      left = round2(left - used);
      if (g.balance === 0) g.state = "used";
    }
  }
  if (q.customer_id !== undefined) {
    if (balance > 0)
      data.customerBalances.set(q.customer_id, round2((data.customerBalances.get(q.customer_id) ?? 0) - balance));
    if (reward > 0)
      data.rewardPoints.set(
        q.customer_id,
        (data.rewardPoints.get(q.customer_id) ?? 0) - Math.round(reward / REWARD_POINT_VALUE),
      );
  }
}
