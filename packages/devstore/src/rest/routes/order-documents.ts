/**
 * Invoice, ship and refund an order in one call (magento/magento2 app/code/Magento/Sales/etc/webapi.xml:
 * `/V1/order/{orderId}/invoice|ship|refund`, `/V1/invoice/{invoiceId}/refund`). Each answers the new document's id
 * or the document validators' message; the order's state follows (processing, complete, closed).
 */
import type { Invoice, Shipment } from "../../data/index.ts";
import {
  appendComment,
  BLOCKED,
  documentItems,
  increment,
  recordTransaction,
  refund,
  refundArguments,
  requestedQtys,
  requireDocument,
  requireOrder,
  round2,
  settleState,
  toInvoice,
  toShip,
} from "../sales/documents.ts";
import { badRequest } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, nowText, toStr } from "./input.ts";

const itemsDoc = {
  name: "items",
  type: "array" as const,
  description: "[{order_item_id, qty}] (absent: everything left)",
};
const commentDocs = [
  { name: "notify", type: "boolean" as const, description: "Notify the customer" },
  { name: "appendComment", type: "boolean" as const, description: "Add `comment` to the order" },
  { name: "comment", type: "object" as const, description: "{comment, is_visible_on_front}" },
];
const refundDocs = [
  itemsDoc,
  ...commentDocs,
  {
    name: "arguments",
    type: "object" as const,
    description: "{shipping_amount, adjustment_positive, adjustment_negative, return_to_stock_items[]}",
  },
];

/** InvoiceOrder::execute (also used by `POST /V1/invoices/` for a new invoice). */
export function invoiceOrder(ctx: RouteContext, orderId: number, rawItems: unknown, capture: boolean): Invoice {
  const o = requireOrder(ctx.data, orderId);
  const qtys = BLOCKED.has(o.state) ? new Map() : requestedQtys(rawItems, o, toInvoice);
  // InvoiceOrder's document validator (CanInvoice).
  if (qtys.size === 0)
    throw badRequest("Invoice Document Validation Error(s):\nThe order does not allow an invoice to be created.");
  const id = ctx.data.nextId("invoice");
  const items = documentItems(ctx.data, qtys, id);
  const subtotal = round2(items.reduce((s, i) => s + (i.row_total ?? 0), 0));
  const first = ![...ctx.data.invoices.values()].some((inv) => inv.order_id === o.entity_id);
  const shipping = first ? o.shipping_amount : 0;
  const tax = first ? o.tax_amount : 0;
  const now = nowText(ctx.now);
  const invoice: Invoice = {
    entity_id: id,
    order_id: o.entity_id,
    increment_id: increment(id),
    state: capture ? 2 : 1,
    created_at: now,
    updated_at: now,
    store_id: o.store_id,
    billing_address_id: o.billing_address.entity_id,
    base_currency_code: o.base_currency_code,
    order_currency_code: o.order_currency_code,
    subtotal,
    shipping_amount: shipping,
    tax_amount: tax,
    grand_total: round2(subtotal + shipping + tax),
    base_grand_total: round2(subtotal + shipping + tax),
    total_qty: items.reduce((s, i) => s + i.qty, 0),
    items,
    comments: [],
  };
  ctx.data.invoices.set(id, invoice);
  for (const [item, qty] of qtys) item.qty_invoiced += qty;
  o.total_invoiced = round2((o.total_invoiced ?? 0) + invoice.grand_total);
  if (invoice.state === 2) {
    o.total_paid = round2((o.total_paid ?? 0) + invoice.grand_total);
    recordTransaction(ctx, o, "capture");
  }
  settleState(o);
  o.updated_at = now;
  return invoice;
}

/** ShipOrder::execute (also used by `POST /V1/shipment/` for a new shipment). */
export function shipOrder(ctx: RouteContext, orderId: number, rawItems: unknown, rawTracks: unknown): Shipment {
  const o = requireOrder(ctx.data, orderId);
  const qtys = BLOCKED.has(o.state) ? new Map() : requestedQtys(rawItems, o, toShip);
  // ShipOrder's document validator (CanShip).
  if (qtys.size === 0)
    throw badRequest("Shipment Document Validation Error(s):\nThe order does not allow a shipment to be created.");
  const id = ctx.data.nextId("shipment");
  const now = nowText(ctx.now);
  const tracks = Array.isArray(rawTracks)
    ? (rawTracks as Record<string, unknown>[]).map((t) => ({
        entity_id: ctx.data.nextId("track"),
        parent_id: id,
        order_id: o.entity_id,
        track_number: toStr(t.track_number ?? ""),
        title: toStr(t.title ?? ""),
        carrier_code: toStr(t.carrier_code ?? "custom"),
        created_at: now,
      }))
    : [];
  const items = documentItems(ctx.data, qtys, id, true);
  const shipment: Shipment = {
    entity_id: id,
    order_id: o.entity_id,
    increment_id: increment(id),
    created_at: now,
    updated_at: now,
    store_id: o.store_id,
    billing_address_id: o.billing_address.entity_id,
    shipping_address_id:
      o.extension_attributes.shipping_assignments[0]?.shipping.address.entity_id ?? o.billing_address.entity_id,
    total_qty: items.reduce((s, i) => s + i.qty, 0),
    items,
    tracks,
    comments: [],
    packages: [],
  };
  ctx.data.shipments.set(id, shipment);
  for (const [item, qty] of qtys) item.qty_shipped += qty;
  settleState(o);
  o.updated_at = now;
  return shipment;
}

export const orderDocumentRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/V1/order/:orderId/invoice",
    service: "salesInvoiceOrderV1",
    operation: "execute",
    aclResource: "Magento_Sales::sales_invoice",
    summary: "Create an invoice for an order; answers the invoice id",
    body: [itemsDoc, { name: "capture", type: "boolean", description: "Capture the payment" }, ...commentDocs],
    returns: "integer (invoice id)",
    handler: (ctx) => {
      const invoice = invoiceOrder(ctx, intParam(ctx.params, "orderId"), ctx.body.items, ctx.body.capture !== false);
      appendComment(ctx, requireOrder(ctx.data, invoice.order_id));
      return invoice.entity_id;
    },
  },
  {
    method: "POST",
    path: "/V1/order/:orderId/ship",
    service: "salesShipOrderV1",
    operation: "execute",
    aclResource: "Magento_Sales::ship",
    summary: "Create a shipment for an order; answers the shipment id",
    body: [
      itemsDoc,
      { name: "tracks", type: "array", description: "[{track_number, title, carrier_code}]" },
      ...commentDocs,
    ],
    returns: "integer (shipment id)",
    handler: (ctx) => {
      const shipment = shipOrder(ctx, intParam(ctx.params, "orderId"), ctx.body.items, ctx.body.tracks);
      appendComment(ctx, requireOrder(ctx.data, shipment.order_id));
      return shipment.entity_id;
    },
  },
  {
    method: "POST",
    path: "/V1/order/:orderId/refund",
    service: "salesRefundOrderV1",
    operation: "execute",
    aclResource: "Magento_Sales::creditmemo",
    summary: "Refund an order offline (a credit memo); answers the credit memo id",
    body: refundDocs,
    returns: "integer (credit memo id)",
    handler: (ctx) =>
      refund(
        ctx,
        requireOrder(ctx.data, intParam(ctx.params, "orderId")),
        ctx.body.items,
        refundArguments(ctx.body.arguments),
      ).entity_id,
  },
  {
    method: "POST",
    path: "/V1/invoice/:invoiceId/refund",
    service: "salesRefundInvoiceV1",
    operation: "execute",
    aclResource: "Magento_Sales::creditmemo",
    summary: "Refund an invoice (a credit memo against it); answers the credit memo id",
    body: [...refundDocs, { name: "isOnline", type: "boolean", description: "Refund through the payment gateway" }],
    returns: "integer (credit memo id)",
    handler: (ctx) => {
      const invoice = requireDocument(ctx.data.invoices, intParam(ctx.params, "invoiceId"));
      const o = requireOrder(ctx.data, invoice.order_id);
      if (ctx.body.isOnline && o.payment.method !== "braintree")
        throw badRequest("Creditmemo Document Validation Error(s):\nThe invoice can't be refunded online.");
      return refund(ctx, o, ctx.body.items, refundArguments(ctx.body.arguments), invoice).entity_id;
    },
  },
];
