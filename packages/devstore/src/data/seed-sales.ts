/**
 * Sales seed: 1,200 orders placed through 2024 by customers and guests, in every state Magento has, with the
 * documents each state implies (invoice when invoiced, shipment when shipped, credit memo when closed) and
 * item quantities that agree with them, so invoice/ship/cancel/hold behave on seeded orders as on real ones.
 * Totals carry no tax or discount: grand total = item rows + flat-rate shipping.
 */
import { datetime, Prng, round2 } from "./prng.ts";
import type { CreditMemo, Customer, DocumentTotals, Invoice, Order, OrderAddress, OrderItem, Product, SalesDocItem, Shipment } from "./types.ts";

export interface SalesSeed {
  orders: Order[];
  invoices: Invoice[];
  shipments: Shipment[];
  creditMemos: CreditMemo[];
}

const ORDER_START = Date.UTC(2024, 0, 3, 8, 0, 0);
const ORDER_SPAN_MS = 350 * 86_400_000;
const FLAT_RATE_PER_ITEM = 5;
const HOUR = 3_600_000;

const STATES: readonly [state: string, status: string, weight: number][] = [
  ["new", "pending", 15],
  ["processing", "processing", 20],
  ["complete", "complete", 45],
  ["closed", "closed", 8],
  ["canceled", "canceled", 8],
  ["holded", "holded", 4],
];

const GUEST_NAMES: readonly [string, string][] = [
  ["Alex", "Morgan"], ["Sam", "Taylor"], ["Jordan", "Lee"], ["Casey", "Clark"], ["Riley", "Brooks"], ["Jamie", "Fox"],
  ["Avery", "Stone"], ["Quinn", "Harper"], ["Drew", "Parker"], ["Robin", "Smith"],
];

const increment = (n: number) => String(n).padStart(9, "0");

function pickState(rng: Prng): [string, string] {
  const total = STATES.reduce((s, [, , w]) => s + w, 0);
  let roll = rng.int(1, total);
  for (const [state, status, weight] of STATES) {
    roll -= weight;
    if (roll <= 0) return [state, status];
  }
  return ["complete", "complete"];
}

function billingFrom(customer: Customer | undefined, rng: Prng, guest: [string, string], email: string, orderId: number): OrderAddress {
  const a = customer?.addresses.find((x) => String(x.id) === customer.default_billing);
  const [firstname, lastname] = customer ? [customer.firstname, customer.lastname] : guest;
  const base = {
    address_type: "billing" as const,
    email,
    entity_id: orderId * 2 - 1,
    firstname,
    lastname,
    parent_id: orderId,
  };
  if (a) {
    return {
      ...base,
      city: a.city,
      country_id: a.country_id,
      customer_address_id: a.id,
      postcode: a.postcode,
      region: a.region.region,
      region_code: a.region.region_code,
      region_id: a.region_id,
      street: [...a.street],
      telephone: a.telephone,
    };
  }
  return {
    ...base,
    city: "Austin",
    country_id: "US",
    postcode: "78701",
    region: "Texas",
    region_code: "TX",
    region_id: 57,
    street: [`${rng.int(10, 999)} Congress Avenue`],
    telephone: `(555) ${rng.int(200, 999)}-0100`,
  };
}

function docItems(items: OrderItem[], parentId: number, qty: (i: OrderItem) => number, withWeight = false): SalesDocItem[] {
  return items.map((i, n) => {
    const item: SalesDocItem = {
      entity_id: parentId * 100 + n,
      parent_id: parentId,
      order_item_id: i.item_id,
      product_id: i.product_id,
      sku: i.sku,
      name: i.name,
      qty: qty(i),
      price: i.price,
      row_total: round2(i.price * qty(i)),
    };
    if (withWeight) item.weight = i.weight ?? 1;
    return item;
  });
}

export function seedSales(products: readonly Product[], customers: readonly Customer[], count = 1200): SalesSeed {
  const rng = new Prng(424242);
  const sellable = products.filter((p) => p.status === 1 && p.type_id !== "configurable" && p.type_id !== "bundle" && p.type_id !== "grouped");
  const out: SalesSeed = { orders: [], invoices: [], shipments: [], creditMemos: [] };
  let itemId = 0;

  for (let id = 1; id <= count; id++) {
    const createdMs = ORDER_START + Math.floor(((id - 1) / count) * ORDER_SPAN_MS) + rng.int(0, 3599) * 1000;
    const created = datetime(createdMs);
    const guest = rng.chance(0.18);
    const customer = guest ? undefined : rng.pick(customers);
    const guestName = rng.pick(GUEST_NAMES);
    const email = customer ? customer.email : `${guestName[0].toLowerCase()}.${guestName[1].toLowerCase()}.guest${id}@example.net`;
    const storeId = customer ? customer.store_id : rng.chance(0.1) ? 2 : 1;
    const [state, status] = pickState(rng);

    const items: OrderItem[] = rng.some(sellable, rng.int(1, 4)).map((p) => {
      const qty = rng.chance(0.75) ? 1 : rng.int(2, 3);
      const item: OrderItem = {
        item_id: ++itemId,
        order_id: id,
        product_id: p.id,
        sku: p.sku,
        name: p.name,
        product_type: p.type_id,
        qty_ordered: qty,
        qty_invoiced: 0,
        qty_shipped: 0,
        qty_refunded: 0,
        qty_canceled: 0,
        price: p.price,
        base_price: p.price,
        original_price: p.price,
        row_total: round2(p.price * qty),
        base_row_total: round2(p.price * qty),
        tax_amount: 0,
        discount_amount: 0,
        store_id: storeId,
        created_at: created,
        updated_at: created,
      };
      if (p.weight !== undefined) item.weight = p.weight;
      return item;
    });
    const physicalQty = items.filter((i) => i.product_type === "simple").reduce((s, i) => s + i.qty_ordered, 0);
    const shipping = physicalQty * FLAT_RATE_PER_ITEM;
    const subtotal = round2(items.reduce((s, i) => s + i.row_total, 0));
    const grandTotal = round2(subtotal + shipping);
    const billing = billingFrom(customer, rng, guestName, email, id);
    const shippingAddress: OrderAddress = { ...billing, address_type: "shipping", entity_id: id * 2, street: [...billing.street] };

    const order: Order = {
      entity_id: id,
      increment_id: increment(id),
      state,
      status,
      created_at: created,
      updated_at: created,
      customer_is_guest: guest ? 1 : 0,
      customer_email: email,
      customer_firstname: billing.firstname,
      customer_lastname: billing.lastname,
      customer_group_id: customer ? customer.group_id : 0,
      store_id: storeId,
      store_name: `Main Website\nMain Website Store\n${storeId === 2 ? "French Store View" : "Default Store View"}`,
      base_currency_code: "USD",
      order_currency_code: "USD",
      global_currency_code: "USD",
      store_currency_code: "USD",
      subtotal,
      base_subtotal: subtotal,
      shipping_amount: shipping,
      base_shipping_amount: shipping,
      tax_amount: 0,
      base_tax_amount: 0,
      discount_amount: 0,
      grand_total: grandTotal,
      base_grand_total: grandTotal,
      total_qty_ordered: items.reduce((s, i) => s + i.qty_ordered, 0),
      total_item_count: items.length,
      weight: round2(items.reduce((s, i) => s + (i.weight ?? 0) * i.qty_ordered, 0)),
      shipping_description: "Flat Rate - Fixed",
      items,
      billing_address: billing,
      // Every third order was paid by card through Braintree (it has payment transactions); the rest by check.
      payment:
        id % 3 === 0
          ? { entity_id: id, parent_id: id, method: "braintree", amount_ordered: grandTotal, base_amount_ordered: grandTotal, additional_information: ["Credit Card (Braintree)"] }
          : { entity_id: id, parent_id: id, method: "checkmo", amount_ordered: grandTotal, base_amount_ordered: grandTotal, additional_information: ["Check / Money order"] },
      status_histories: [],
      extension_attributes: {
        shipping_assignments: [
          { shipping: { address: shippingAddress, method: "flatrate_flatrate", total: { shipping_amount: shipping, base_shipping_amount: shipping } }, items },
        ],
      },
    };
    if (customer) order.customer_id = customer.id;

    const invoiced = state === "processing" || state === "complete" || state === "closed" || state === "holded";
    const shipped = state === "complete";
    const refunded = state === "closed";
    if (state === "canceled") for (const i of items) i.qty_canceled = i.qty_ordered;
    if (state === "holded") {
      order.hold_before_state = "processing";
      order.hold_before_status = "processing";
    }
    const docTime = (hours: number) => datetime(createdMs + hours * HOUR);

    // An invoice and its credit memo carry the whole order (no partial documents in the seed).
    const totals: DocumentTotals = {
      store_id: storeId,
      billing_address_id: billing.entity_id,
      base_currency_code: "USD",
      order_currency_code: "USD",
      subtotal,
      shipping_amount: shipping,
      tax_amount: 0,
      grand_total: grandTotal,
      base_grand_total: grandTotal,
    };
    if (invoiced) {
      const invoiceId = out.invoices.length + 1;
      for (const i of items) i.qty_invoiced = i.qty_ordered;
      out.invoices.push({
        entity_id: invoiceId,
        order_id: id,
        increment_id: increment(invoiceId),
        state: 2,
        created_at: docTime(2),
        updated_at: docTime(2),
        ...totals,
        total_qty: order.total_qty_ordered,
        items: docItems(items, invoiceId, (i) => i.qty_ordered),
        comments: [],
      });
      order.total_invoiced = grandTotal;
      order.total_paid = grandTotal;
      order.updated_at = docTime(2);

      if (shipped) {
        const shipmentId = out.shipments.length + 1;
        for (const i of items) i.qty_shipped = i.qty_ordered;
        out.shipments.push({
          entity_id: shipmentId,
          order_id: id,
          increment_id: increment(shipmentId),
          created_at: docTime(26),
          updated_at: docTime(26),
          store_id: storeId,
          billing_address_id: billing.entity_id,
          shipping_address_id: shippingAddress.entity_id,
          total_qty: order.total_qty_ordered,
          items: docItems(items, shipmentId, (i) => i.qty_ordered, true),
          tracks: [
            { entity_id: shipmentId, parent_id: shipmentId, order_id: id, track_number: `1Z${String(900000000 + shipmentId * 7919).slice(0, 9)}`, title: "United Parcel Service", carrier_code: "ups", created_at: docTime(26) },
          ],
          comments: [],
          packages: [],
        });
        order.updated_at = docTime(26);
      }

      if (refunded) {
        const memoId = out.creditMemos.length + 1;
        for (const i of items) i.qty_refunded = i.qty_ordered;
        out.creditMemos.push({
          entity_id: memoId,
          order_id: id,
          invoice_id: invoiceId,
          increment_id: increment(memoId),
          state: 2,
          created_at: docTime(72),
          updated_at: docTime(72),
          ...totals,
          adjustment_positive: 0,
          adjustment_negative: 0,
          items: docItems(items, memoId, (i) => i.qty_ordered),
          comments: [],
        });
        order.total_refunded = grandTotal;
        order.updated_at = docTime(72);
      }
    }
    for (const i of items) i.updated_at = order.updated_at;
    out.orders.push(order);
  }
  return out;
}
