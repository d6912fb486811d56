/**
 * What invoicing, shipping and refunding an order share (magento/magento2 app/code/Magento/Sales/Model/InvoiceOrder.php,
 * ShipOrder.php, RefundOrder.php and their document validators): the quantities left per item, the document rows,
 * the order comment, the order's state afterwards, and the payment transactions of card-paid orders.
 */
import type { CreditMemo, Invoice, Order, OrderItem, SalesDocItem, StoreData, Transaction } from "../../data/index.ts";
import { badRequest, entityNotFound } from "../errors.ts";
import type { RouteContext } from "../route.ts";
import { nowText, toFloat, toInt, toStr } from "../routes/input.ts";

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const increment = (n: number) => String(n).padStart(9, "0");

export function requireOrder(data: StoreData, id: number): Order {
  const o = data.orders.get(id);
  if (!o) throw entityNotFound();
  return o;
}

export function requireDocument<T>(map: Map<number, T>, id: number): T {
  const d = map.get(id);
  if (!d) throw entityNotFound();
  return d;
}

/** States in which no document can be created (Order::canInvoice / canShip / canCreditmemo). */
export const BLOCKED = new Set(["canceled", "complete", "closed", "holded", "payment_review"]);
export const toInvoice = (i: OrderItem) => i.qty_ordered - i.qty_invoiced - i.qty_canceled;
export const toShip = (i: OrderItem) => i.qty_ordered - i.qty_shipped - i.qty_refunded - i.qty_canceled;
export const toRefund = (i: OrderItem) => i.qty_invoiced - i.qty_refunded;

/** `items: [{order_item_id, qty}]` (absent = everything left), checked against what is left per item; empty when invalid. */
export function requestedQtys(raw: unknown, o: Order, left: (i: OrderItem) => number): Map<OrderItem, number> {
  const out = new Map<OrderItem, number>();
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
    for (const i of o.items) if (left(i) > 0) out.set(i, left(i));
    return out;
  }
  if (!Array.isArray(raw))
    throw badRequest('The "%1" value\'s type is invalid. The "%2" type was expected. Verify and try again.', [
      JSON.stringify(raw),
      "array",
    ]);
  for (const entry of raw as Record<string, unknown>[]) {
    const item = o.items.find((i) => i.item_id === toInt(entry?.order_item_id ?? 0));
    const qty = toFloat(entry?.qty ?? 0);
    if (!item || qty <= 0 || qty > left(item)) return new Map();
    out.set(item, qty);
  }
  return out;
}

/** After a document: closed when everything invoiced is refunded, complete when invoiced and shipped, else processing. */
export function settleState(o: Order): void {
  const invoicedAll = o.items.every((i) => i.qty_ordered - i.qty_invoiced - i.qty_canceled <= 0);
  const refundedAll = o.items.every((i) => i.qty_invoiced > 0 && i.qty_refunded >= i.qty_invoiced);
  const shippedAll = o.items.every((i) => toShip(i) <= 0);
  o.state = refundedAll ? "closed" : invoicedAll && shippedAll ? "complete" : "processing";
  o.status = o.state;
}

export function documentItems(
  data: StoreData,
  qtys: Map<OrderItem, number>,
  parentId: number,
  withWeight = false,
): SalesDocItem[] {
  return [...qtys].map(([i, qty]) => {
    const item: SalesDocItem = {
      entity_id: data.nextId("documentItem"),
      parent_id: parentId,
      order_item_id: i.item_id,
      product_id: i.product_id,
      sku: i.sku,
      name: i.name,
      qty,
      price: i.price,
      row_total: round2(i.price * qty),
    };
    if (withWeight) item.weight = i.weight ?? 1;
    return item;
  });
}

/** `appendComment` + `comment: {comment, is_visible_on_front}` add an order status history entry. */
export function appendComment(ctx: RouteContext, o: Order): void {
  if (!ctx.body.appendComment || typeof ctx.body.comment !== "object" || ctx.body.comment === null) return;
  const c = ctx.body.comment as Record<string, unknown>;
  if (c.comment === undefined) return;
  o.status_histories.unshift({
    entity_id: ctx.data.nextId("history"),
    parent_id: o.entity_id,
    comment: toStr(c.comment),
    created_at: nowText(ctx.now),
    entity_name: "order",
    is_customer_notified: ctx.body.notify ? 1 : 0,
    is_visible_on_front: c.is_visible_on_front ? 1 : 0,
    status: o.status,
  });
}

/** A comment on an invoice, shipment or credit memo (the *CommentRepository::save shapes). */
export function documentComment(
  ctx: RouteContext,
  parentId: number,
  input: Record<string, unknown>,
): Record<string, unknown> {
  return {
    entity_id: ctx.data.nextId("documentComment"),
    parent_id: parentId,
    comment: toStr(input.comment ?? ""),
    is_customer_notified: input.is_customer_notified ? 1 : 0,
    is_visible_on_front: input.is_visible_on_front ? 1 : 0,
    created_at: nowText(ctx.now),
  };
}

/** Card-paid orders record a transaction per capture and refund (sales_payment_transaction). */
export function recordTransaction(ctx: RouteContext, o: Order, type: Transaction["txn_type"]): void {
  if (o.payment.method !== "braintree") return;
  const parent = [...ctx.data.transactions.values()]
    .filter(
      (t) =>
        t.order_id === o.entity_id && (type === "refund" ? t.txn_type === "capture" : t.txn_type === "authorization"),
    )
    .pop();
  const id = ctx.data.nextId("transaction");
  const t: Transaction = {
    transaction_id: id,
    order_id: o.entity_id,
    payment_id: o.payment.entity_id,
    txn_id: `${(o.entity_id * 7919 + id * 104729).toString(36)}-${type}`,
    txn_type: type,
    is_closed: 1,
    additional_information: [],
    created_at: nowText(ctx.now),
    child_transactions: [],
  };
  if (parent) {
    t.parent_id = parent.transaction_id;
    t.parent_txn_id = parent.txn_id;
  }
  ctx.data.transactions.set(id, t);
}

export interface RefundArguments {
  shipping_amount?: number;
  adjustment_positive?: number;
  adjustment_negative?: number;
  return_to_stock_items?: number[];
}

/** RefundOrder / RefundInvoice: a credit memo for invoiced, not yet refunded quantities; answers it. */
export function refund(
  ctx: RouteContext,
  o: Order,
  rawItems: unknown,
  args: RefundArguments,
  invoice?: Invoice,
): CreditMemo {
  const paid = (o.total_paid ?? o.total_invoiced ?? 0) - (o.total_refunded ?? 0);
  const qtys = BLOCKED.has(o.state) && o.state !== "complete" ? new Map() : requestedQtys(rawItems, o, toRefund);
  if (qtys.size === 0 || paid <= 0)
    throw badRequest("Creditmemo Document Validation Error(s):\nThe order does not allow a creditmemo to be created.");
  const id = ctx.data.nextId("creditMemo");
  const items = documentItems(ctx.data, qtys, id);
  const subtotal = round2(items.reduce((s, i) => s + (i.row_total ?? 0), 0));
  const refundedShipping = [...ctx.data.creditMemos.values()]
    .filter((m) => m.order_id === o.entity_id)
    .reduce((s, m) => s + m.shipping_amount, 0);
  const shipping = args.shipping_amount ?? round2(o.shipping_amount - refundedShipping);
  if (shipping < 0 || shipping > round2(o.shipping_amount - refundedShipping))
    throw badRequest("Maximum shipping amount allowed to refund is: %1", [
      round2(o.shipping_amount - refundedShipping),
    ]);
  const positive = args.adjustment_positive ?? 0;
  const negative = args.adjustment_negative ?? 0;
  const total = round2(subtotal + shipping + positive - negative);
  if (total > round2(paid) + 0.0001) throw badRequest("The most money available to refund is %1.", [round2(paid)]);
  const now = nowText(ctx.now);
  const inv = invoice ?? [...ctx.data.invoices.values()].filter((i) => i.order_id === o.entity_id).pop();
  const memo: CreditMemo = {
    entity_id: id,
    order_id: o.entity_id,
    invoice_id: inv?.entity_id ?? 0,
    increment_id: increment(id),
    state: 2,
    created_at: now,
    updated_at: now,
    store_id: o.store_id,
    billing_address_id: o.billing_address.entity_id,
    base_currency_code: o.base_currency_code,
    order_currency_code: o.order_currency_code,
    subtotal,
    shipping_amount: shipping,
    tax_amount: 0,
    grand_total: total,
    base_grand_total: total,
    adjustment_positive: positive,
    adjustment_negative: negative,
    items,
    comments: [],
  };
  ctx.data.creditMemos.set(id, memo);
  for (const [item, qty] of qtys) item.qty_refunded += qty;
  for (const productId of args.return_to_stock_items ?? []) {
    const item = o.items.find((i) => i.item_id === productId);
    const stock = item && ctx.data.productsById.get(item.product_id)?.extension_attributes.stock_item;
    if (stock && item) {
      stock.qty += qtys.get(item) ?? 0;
      stock.is_in_stock = stock.qty > 0;
    }
  }
  o.total_refunded = round2((o.total_refunded ?? 0) + total);
  settleState(o);
  appendComment(ctx, o);
  recordTransaction(ctx, o, "refund");
  o.updated_at = now;
  return memo;
}

export function refundArguments(raw: unknown): RefundArguments {
  const a = (raw ?? {}) as Record<string, unknown>;
  const num = (k: string) => (a[k] === undefined || a[k] === null ? undefined : toFloat(a[k]));
  return {
    shipping_amount: num("shipping_amount"),
    adjustment_positive: num("adjustment_positive"),
    adjustment_negative: num("adjustment_negative"),
    return_to_stock_items: Array.isArray(a.return_to_stock_items) ? a.return_to_stock_items.map(toInt) : undefined,
  };
}
