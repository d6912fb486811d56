/**
 * The sales grids' tables (flat: an unknown column fails like MySQL does, see ../searchable.ts). Columns are the
 * fields the API renders plus the table columns it does not.
 */
import type { CreditMemo, Invoice, Order, OrderItem, Shipment, StoreData } from "../../data/index.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";

const ORDER_COLUMNS = columns([
  "entity_id",
  "increment_id",
  "state",
  "status",
  "created_at",
  "updated_at",
  "customer_id",
  "customer_is_guest",
  "customer_email",
  "customer_firstname",
  "customer_lastname",
  "customer_middlename",
  "customer_prefix",
  "customer_suffix",
  "customer_group_id",
  "customer_dob",
  "customer_gender",
  "customer_taxvat",
  "customer_note",
  "store_id",
  "store_name",
  "base_currency_code",
  "order_currency_code",
  "global_currency_code",
  "store_currency_code",
  "subtotal",
  "base_subtotal",
  "shipping_amount",
  "base_shipping_amount",
  "tax_amount",
  "base_tax_amount",
  "discount_amount",
  "base_discount_amount",
  "grand_total",
  "base_grand_total",
  "total_qty_ordered",
  "total_item_count",
  "total_invoiced",
  "total_paid",
  "total_refunded",
  "total_due",
  "base_total_due",
  "weight",
  "shipping_description",
  "shipping_method",
  "quote_id",
  "remote_ip",
  "coupon_code",
  "applied_rule_ids",
  "hold_before_state",
  "hold_before_status",
  "email_sent",
  "send_email",
  "protect_code",
  "ext_order_id",
  "billing_address_id",
  "shipping_address_id",
  "edit_increment",
  "relation_parent_id",
]);

const DOCUMENT_COLUMNS = [
  "entity_id",
  "order_id",
  "increment_id",
  "state",
  "created_at",
  "updated_at",
  "store_id",
  "billing_address_id",
  "shipping_address_id",
  "base_currency_code",
  "order_currency_code",
  "subtotal",
  "base_subtotal",
  "shipping_amount",
  "tax_amount",
  "grand_total",
  "base_grand_total",
  "total_qty",
  "email_sent",
  "send_email",
];

export const ORDER_SEARCH: SearchableEntity<Order> = {
  name: "orders",
  storage: "flat",
  table: "sales_order",
  rows: (d) => d.orders.values(),
  fields: () => ORDER_COLUMNS,
  read: (o, f) => {
    if (f === "shipping_method") return o.extension_attributes.shipping_assignments[0]?.shipping.method;
    if (f === "billing_address_id") return o.billing_address.entity_id;
    if (f === "total_due" || f === "base_total_due")
      return Math.round((o.grand_total - (o.total_paid ?? 0)) * 100) / 100;
    return readRecordField(o, f);
  },
};

function* orderItems(data: StoreData): Iterable<OrderItem> {
  for (const o of data.orders.values()) yield* o.items;
}

export const ORDER_ITEM_SEARCH: SearchableEntity<OrderItem> = {
  name: "orderItems",
  storage: "flat",
  table: "sales_order_item",
  rows: orderItems,
  fields: () =>
    columns([
      "item_id",
      "order_id",
      "parent_item_id",
      "quote_item_id",
      "store_id",
      "created_at",
      "updated_at",
      "product_id",
      "product_type",
      "sku",
      "name",
      "weight",
      "qty_ordered",
      "qty_invoiced",
      "qty_shipped",
      "qty_refunded",
      "qty_canceled",
      "price",
      "base_price",
      "original_price",
      "row_total",
      "base_row_total",
      "tax_amount",
      "discount_amount",
    ]),
  read: (i, f) => readRecordField(i as unknown as Record<string, unknown>, f),
};

function documentSearch<T extends Invoice | Shipment | CreditMemo>(
  name: string,
  table: string,
  pick: (d: StoreData) => Map<number, T>,
  extra: string[] = [],
): SearchableEntity<T> {
  const fields = columns(DOCUMENT_COLUMNS, extra);
  return {
    name,
    storage: "flat",
    table,
    rows: (d) => pick(d).values(),
    fields: () => fields,
    read: (r, f) => readRecordField(r as unknown as Record<string, unknown>, f),
  };
}

export const INVOICE_SEARCH = documentSearch("invoices", "sales_invoice", (d) => d.invoices, [
  "can_void_flag",
  "is_used_for_refund",
  "transaction_id",
]);
export const SHIPMENT_SEARCH = documentSearch("shipments", "sales_shipment", (d) => d.shipments, [
  "total_weight",
  "shipment_status",
  "customer_id",
]);
export const CREDIT_MEMO_SEARCH = documentSearch("creditMemos", "sales_creditmemo", (d) => d.creditMemos, [
  "invoice_id",
  "adjustment_positive",
  "adjustment_negative",
  "creditmemo_status",
]);
