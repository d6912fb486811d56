/** One order with its items, addresses, invoices and shipments (GET /V1/orders/{id} + two searches). Pure. */
import { z } from "zod";
import type { SearchCriteria } from "@magento-integration/client";
import { attempt } from "../attempt";
import { parseListResult } from "../list-result";
import { defineRecord, entityIdKey } from "./record";

const num = z.coerce.number();
const str = z.string();

export const addressSchema = z.object({
  firstname: str.optional(),
  lastname: str.optional(),
  company: str.nullish(),
  street: z.array(str).optional(),
  city: str.optional(),
  region: str.nullish(),
  postcode: str.nullish(),
  country_id: str.optional(),
  telephone: str.nullish(),
});
export type Address = z.infer<typeof addressSchema>;

export const ORDER_DETAIL_FIELDS =
  "entity_id,increment_id,created_at,status,state,customer_id,customer_email,customer_firstname,customer_lastname,customer_group_id," +
  "order_currency_code,subtotal,shipping_amount,tax_amount,discount_amount,grand_total,total_paid,total_refunded," +
  "items[item_id,sku,name,qty_ordered,qty_invoiced,qty_shipped,price,row_total,parent_item_id]," +
  "billing_address[firstname,lastname,company,street,city,region,postcode,country_id,telephone]," +
  "payment[method]," +
  "extension_attributes[shipping_assignments[shipping[address[firstname,lastname,company,street,city,region,postcode,country_id,telephone],method]]]";

export const orderDetailSchema = z.object({
  entity_id: num,
  increment_id: str.optional(),
  created_at: str.optional(),
  status: str.optional(),
  state: str.optional(),
  customer_id: num.nullish(),
  customer_email: str.optional(),
  customer_firstname: str.nullish(),
  customer_lastname: str.nullish(),
  customer_group_id: num.nullish(),
  order_currency_code: str.optional(),
  subtotal: num.optional(),
  shipping_amount: num.optional(),
  tax_amount: num.optional(),
  discount_amount: num.optional(),
  grand_total: num.optional(),
  total_paid: num.nullish(),
  total_refunded: num.nullish(),
  items: z
    .array(
      z.object({
        item_id: num.optional(),
        sku: str.optional(),
        name: str.optional(),
        qty_ordered: num.optional(),
        qty_invoiced: num.optional(),
        qty_shipped: num.optional(),
        price: num.optional(),
        row_total: num.optional(),
        parent_item_id: num.nullish(),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
  billing_address: addressSchema.optional(),
  payment: z.object({ method: str.optional() }).optional(),
  extension_attributes: z
    .object({
      shipping_assignments: z
        .array(
          z.object({ shipping: z.object({ address: addressSchema.optional(), method: str.nullish() }).optional() }),
        )
        .optional(),
    })
    .optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The most invoices or shipments of one order shown. */
export const BY_ORDER_PAGE = 50;

/** Invoices or shipments of one order: a search by order_id. */
export function byOrder(orderId: number): SearchCriteria {
  return {
    filterGroups: [{ filters: [{ field: "order_id", value: String(orderId), conditionType: "eq" }] }],
    sortOrders: [{ field: "entity_id", direction: "ASC" }],
    pageSize: BY_ORDER_PAGE,
    currentPage: 1,
  };
}

export const INVOICE_FIELDS = "items[entity_id,increment_id,created_at,state,grand_total],total_count";
export const SHIPMENT_FIELDS =
  "items[entity_id,increment_id,created_at,total_qty,tracks[track_number,title]],total_count";

export const invoiceRowSchema = z.object({
  entity_id: num,
  increment_id: str.optional(),
  created_at: str.optional(),
  state: num.optional(),
  grand_total: num.optional(),
});
export const shipmentRowSchema = z.object({
  entity_id: num,
  increment_id: str.optional(),
  created_at: str.optional(),
  total_qty: num.nullish(),
  tracks: z.array(z.object({ track_number: str.optional(), title: str.optional() })).optional(),
});

/** Magento's invoice states (Magento\Sales\Model\Order\Invoice::STATE_*). */
export const INVOICE_STATES: Record<number, string> = { 1: "Pending", 2: "Paid", 3: "Canceled" };

/** An address in the lines a person reads. */
export function addressLines(a: Address | undefined): string[] {
  if (!a) return [];
  return [
    [a.firstname, a.lastname].filter(Boolean).join(" "),
    a.company ?? "",
    ...(a.street ?? []),
    [a.postcode, a.city].filter(Boolean).join(" "),
    [a.region, a.country_id].filter(Boolean).join(", "),
    a.telephone ? `T: ${a.telephone}` : "",
  ].filter((l) => l.trim() !== "");
}

/** Top-level items only (a configurable's child row repeats its parent). */
export function visibleItems(o: OrderDetail): OrderDetail["items"] {
  return o.items.filter((i) => i.parent_item_id == null);
}

/** The rows of a by-order search that read as rows; a row the store shaped otherwise is left out. */
function rowsOf<T>(data: unknown, schema: z.ZodType<T>): T[] {
  return parseListResult<unknown>(data, BY_ORDER_PAGE).items.flatMap((raw) => {
    const row = schema.safeParse(raw);
    return row.success ? [row.data] : [];
  });
}

/** `/stores/<id>/orders/<entity id>`: the order, then its invoices and shipments in parallel. */
export const ORDER_RECORD = defineRecord({
  section: "orders",
  noun: "order",
  title: (id) => `Order ${id}`,
  key: entityIdKey,
  async load(client, id) {
    const res = await client.call("getOrdersById", { pathParams: { id }, fields: ORDER_DETAIL_FIELDS });
    const order = orderDetailSchema.parse(res.data);
    const criteria = byOrder(order.entity_id);
    const [invoices, shipments] = await Promise.all([
      attempt(async () =>
        rowsOf(
          (await client.call("getInvoices", { searchCriteria: criteria, fields: INVOICE_FIELDS })).data,
          invoiceRowSchema,
        ),
      ),
      attempt(async () =>
        rowsOf(
          (await client.call("getShipments", { searchCriteria: criteria, fields: SHIPMENT_FIELDS })).data,
          shipmentRowSchema,
        ),
      ),
    ]);
    const invoiceRows = invoices.ok
      ? { ok: true as const, value: invoices.value.map((i) => ({ ...i, stateLabel: INVOICE_STATES[i.state ?? 0] })) }
      : invoices;
    return { order, items: visibleItems(order), invoices: invoiceRows, shipments };
  },
});
