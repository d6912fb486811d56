import type { Invoice, Order, OrderItem, SalesDocItem, Shipment, StoreData } from "../../data/index";
import { badRequest, entityNotFound } from "../errors";
import type { RouteContext, RouteDef } from "../route";
import { intParam, nowText, toFloat, toInt, toStr } from "./input";

const increment = (n: number) => String(n).padStart(9, "0");
const round2 = (n: number) => Math.round(n * 100) / 100;
const nextKey = (m: Map<number, unknown>) => Math.max(0, ...m.keys()) + 1;

function requireOrder(data: StoreData, id: number): Order {
  const o = data.orders.get(id);
  if (!o) throw entityNotFound();
  return o;
}

const BLOCKED = new Set(["canceled", "complete", "closed", "holded", "payment_review"]);
const toInvoice = (i: OrderItem) => i.qty_ordered - i.qty_invoiced - i.qty_canceled;
const toShip = (i: OrderItem) => i.qty_ordered - i.qty_shipped - i.qty_refunded - i.qty_canceled;

/** `items: [{order_item_id, qty}]` (absent = everything left), checked against what is left per item. */
function requestedQtys(ctx: RouteContext, o: Order, left: (i: OrderItem) => number): Map<OrderItem, number> {
  const out = new Map<OrderItem, number>();
  const raw = ctx.body.items;
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
    for (const i of o.items) if (left(i) > 0) out.set(i, left(i));
    return out;
  }
  if (!Array.isArray(raw)) throw badRequest('The "%1" value\'s type is invalid. The "%2" type was expected. Verify and try again.', [JSON.stringify(raw), "array"]);
  for (const entry of raw as Record<string, unknown>[]) {
    const item = o.items.find((i) => i.item_id === toInt(entry.order_item_id));
    const qty = toFloat(entry.qty);
    if (!item || qty <= 0 || qty > left(item)) return new Map();
    out.set(item, qty);
  }
  return out;
}

/** After an invoice or shipment: complete when everything is invoiced and shipped, else processing. */
function settleState(o: Order): void {
  const done = o.items.every((i) => toInvoice(i) <= 0 && toShip(i) <= 0);
  o.state = done ? "complete" : "processing";
  o.status = o.state;
}

function docItems(qtys: Map<OrderItem, number>, parentId: number, firstId: number): SalesDocItem[] {
  let id = firstId;
  return [...qtys].map(([i, qty]) => ({ entity_id: id++, parent_id: parentId, order_item_id: i.item_id, product_id: i.product_id, sku: i.sku, name: i.name, qty, price: i.price, row_total: round2(i.price * qty) }));
}

function appendComment(ctx: RouteContext, o: Order): void {
  if (!ctx.body.appendComment || typeof ctx.body.comment !== "object" || ctx.body.comment === null) return;
  const text = (ctx.body.comment as Record<string, unknown>).comment;
  if (text === undefined) return;
  o.status_histories.unshift({ entity_id: ctx.data.nextId("history"), parent_id: o.entity_id, comment: toStr(text), created_at: nowText(ctx.now), entity_name: "order", is_customer_notified: ctx.body.notify ? 1 : 0, is_visible_on_front: 0, status: o.status });
}

const itemsDoc = { name: "items", type: "array" as const, description: "[{order_item_id, qty}] (absent: everything left)" };

export const orderDocumentRoutes: RouteDef[] = [
  {
    method: "POST", path: "/V1/order/:orderId/invoice", service: "salesInvoiceOrderV1", operation: "execute", aclResource: "Magento_Sales::sales_invoice",
    summary: "Create an invoice for an order; answers the invoice id",
    body: [itemsDoc, { name: "capture", type: "boolean", description: "Capture the payment" }, { name: "notify", type: "boolean", description: "Notify the customer" }, { name: "appendComment", type: "boolean", description: "Add `comment` to the order" }, { name: "comment", type: "object", description: "{comment, is_visible_on_front}" }],
    returns: "integer (invoice id)",
    handler: (ctx) => {
      const o = requireOrder(ctx.data, intParam(ctx.params, "orderId"));
      const qtys = BLOCKED.has(o.state) ? new Map() : requestedQtys(ctx, o, toInvoice);
      // InvoiceOrder's document validator (CanInvoice).
      if (qtys.size === 0) throw badRequest("Invoice Document Validation Error(s):\nThe order does not allow an invoice to be created.");
      const id = nextKey(ctx.data.invoices);
      const items = docItems(qtys, id, id * 100);
      const subtotal = round2(items.reduce((s, i) => s + (i.row_total ?? 0), 0));
      const first = ![...ctx.data.invoices.values()].some((inv) => inv.order_id === o.entity_id);
      const shipping = first ? o.shipping_amount : 0;
      const now = nowText(ctx.now);
      const invoice: Invoice = {
        entity_id: id, order_id: o.entity_id, increment_id: increment(id), state: ctx.body.capture === false ? 1 : 2, created_at: now, updated_at: now,
        store_id: o.store_id, billing_address_id: o.billing_address.entity_id, base_currency_code: o.base_currency_code, order_currency_code: o.order_currency_code,
        subtotal, shipping_amount: shipping, tax_amount: 0, grand_total: round2(subtotal + shipping), base_grand_total: round2(subtotal + shipping),
        total_qty: items.reduce((s, i) => s + i.qty, 0), items, comments: [],
      };
      ctx.data.invoices.set(id, invoice);
      for (const [item, qty] of qtys) item.qty_invoiced += qty;
      o.total_invoiced = round2((o.total_invoiced ?? 0) + invoice.grand_total);
      if (invoice.state === 2) o.total_paid = round2((o.total_paid ?? 0) + invoice.grand_total);
      settleState(o);
      appendComment(ctx, o);
      o.updated_at = now;
      return id;
    },
  },
  {
    method: "POST", path: "/V1/order/:orderId/ship", service: "salesShipOrderV1", operation: "execute", aclResource: "Magento_Sales::ship",
    summary: "Create a shipment for an order; answers the shipment id",
    body: [itemsDoc, { name: "tracks", type: "array", description: "[{track_number, title, carrier_code}]" }, { name: "notify", type: "boolean", description: "Notify the customer" }, { name: "appendComment", type: "boolean", description: "Add `comment` to the order" }, { name: "comment", type: "object", description: "{comment, is_visible_on_front}" }],
    returns: "integer (shipment id)",
    handler: (ctx) => {
      const o = requireOrder(ctx.data, intParam(ctx.params, "orderId"));
      const qtys = BLOCKED.has(o.state) ? new Map() : requestedQtys(ctx, o, toShip);
      // ShipOrder's document validator (CanShip).
      if (qtys.size === 0) throw badRequest("Shipment Document Validation Error(s):\nThe order does not allow a shipment to be created.");
      const id = nextKey(ctx.data.shipments);
      const now = nowText(ctx.now);
      const tracks = Array.isArray(ctx.body.tracks)
        ? (ctx.body.tracks as Record<string, unknown>[]).map((t, n) => ({ entity_id: id * 100 + n, parent_id: id, order_id: o.entity_id, track_number: toStr(t.track_number ?? ""), title: toStr(t.title ?? ""), carrier_code: toStr(t.carrier_code ?? "custom"), created_at: now }))
        : [];
      const items = docItems(qtys, id, id * 100).map((i) => ({ ...i, weight: 1 }));
      const shipment: Shipment = {
        entity_id: id, order_id: o.entity_id, increment_id: increment(id), created_at: now, updated_at: now, store_id: o.store_id,
        billing_address_id: o.billing_address.entity_id, shipping_address_id: o.extension_attributes.shipping_assignments[0]?.shipping.address.entity_id ?? o.billing_address.entity_id,
        total_qty: items.reduce((s, i) => s + i.qty, 0), items, tracks, comments: [], packages: [],
      };
      ctx.data.shipments.set(id, shipment);
      for (const [item, qty] of qtys) item.qty_shipped += qty;
      settleState(o);
      appendComment(ctx, o);
      o.updated_at = now;
      return id;
    },
  },
];
