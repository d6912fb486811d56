/** Orders grid: status (in), created_at date range, customer name, grand total range. */
import { z } from "zod";
import type { SearchFilterGroup } from "@magento-integration/client";
import { defineGrid, type CellTone } from "./grid-spec";
import { amountParam, dateParam, dayEnd, dayStart, searchGroup, textParam } from "./filter-values";
import { rangeGroups } from "./range-groups";
import { formatMoney, formatStoreDate, text } from "./format";

export const ORDER_STATUSES = [
  "pending",
  "pending_payment",
  "processing",
  "complete",
  "closed",
  "canceled",
  "holded",
  "payment_review",
  "fraud",
] as const;

/** Magento's labels of its default order statuses (Magento_Sales sales_order_status), as the admin shows them. */
export const ORDER_STATUS_LABELS: Record<(typeof ORDER_STATUSES)[number], string> = {
  pending: "Pending",
  pending_payment: "Pending Payment",
  processing: "Processing",
  complete: "Complete",
  closed: "Closed",
  canceled: "Canceled",
  holded: "On Hold",
  payment_review: "Payment Review",
  fraud: "Suspected Fraud",
};

/** The admin's label of a status; an unknown (custom) status shows as its code. */
export function orderStatusLabel(status: string | undefined): string {
  return status && Object.hasOwn(ORDER_STATUS_LABELS, status)
    ? ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS]
    : (status ?? "—");
}

export interface OrderFilters extends Record<string, unknown> {
  status: string[];
  created_from: string;
  created_to: string;
  customer: string;
  total_min: string;
  total_max: string;
}

export interface OrderRow {
  entity_id: number;
  increment_id?: string;
  created_at?: string;
  customer_firstname?: string;
  customer_lastname?: string;
  status?: string;
  grand_total?: number;
  order_currency_code?: string;
}

const STATUS_TONE: Record<string, CellTone> = {
  complete: "success",
  processing: "info",
  pending: "warning",
  canceled: "danger",
  closed: "neutral",
  holded: "warning",
};

export const ordersGrid = defineGrid<OrderFilters, OrderRow>({
  key: "orders",
  title: "Orders",
  noun: "orders",
  description: "Filter by status, date, customer and total; the URL keeps the filters.",
  operation: "getOrders",
  itemFields: [
    "entity_id",
    "increment_id",
    "created_at",
    "customer_firstname",
    "customer_lastname",
    "status",
    "grand_total",
    "order_currency_code",
  ],
  filters: {
    status: {
      multiple: true,
      schema: z
        .array(z.enum(ORDER_STATUSES, { message: `unknown order status (one of ${ORDER_STATUSES.join(", ")})` }))
        .max(20),
    },
    created_from: { schema: dateParam },
    created_to: { schema: dateParam },
    customer: { schema: textParam },
    total_min: { schema: amountParam },
    total_max: { schema: amountParam },
  },
  sortFields: ["increment_id", "created_at", "customer_lastname", "status", "grand_total"],
  defaultSort: { field: "created_at", dir: "desc" },
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 20,
  toGroups(f) {
    const groups: SearchFilterGroup[] = [];
    if (f.status && f.status.length > 0)
      groups.push({ filters: [{ field: "status", value: f.status.join(","), conditionType: "in" }] });
    groups.push(
      ...rangeGroups(
        "created_at",
        f.created_from ? dayStart(f.created_from) : undefined,
        f.created_to ? dayEnd(f.created_to) : undefined,
      ),
    );
    groups.push(...customerNameGroups(f.customer));
    groups.push(...rangeGroups("grand_total", f.total_min, f.total_max));
    return groups;
  },
  inputs: [
    {
      kind: "checkboxes",
      name: "status",
      legend: "Status",
      options: ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
    },
    { kind: "text", name: "created_from", label: "Created from", type: "date" },
    { kind: "text", name: "created_to", label: "Created to", type: "date" },
    { kind: "text", name: "customer", label: "Customer name", type: "search" },
    { kind: "text", name: "total_min", label: "Grand total from", inputMode: "decimal" },
    { kind: "text", name: "total_max", label: "Grand total to", inputMode: "decimal" },
  ],
  columns: [
    {
      key: "increment_id",
      label: "Order #",
      sortField: "increment_id",
      cell: (o, ctx) => ({ text: text(o.increment_id), href: ctx.recordHref(o.entity_id), mono: true }),
    },
    { key: "created_at", label: "Created", sortField: "created_at", cell: (o) => formatStoreDate(o.created_at) },
    {
      key: "customer",
      label: "Customer",
      sortField: "customer_lastname",
      cell: (o) => [o.customer_firstname, o.customer_lastname].filter(Boolean).join(" ") || "Guest",
    },
    {
      key: "status",
      label: "Status",
      sortField: "status",
      cell: (o) => ({ text: orderStatusLabel(o.status), badge: STATUS_TONE[o.status ?? ""] ?? "neutral" }),
    },
    {
      key: "grand_total",
      label: "Grand total",
      sortField: "grand_total",
      numeric: true,
      cell: (o) => formatMoney(o.grand_total, o.order_currency_code),
    },
  ],
  rowKey: (o) => o.entity_id,
  export: { fields: "entity_id,increment_id,status,grand_total,order_currency_code,created_at,customer_email" },
});

/**
 * Customer name: one word matches first OR last name; "First Last" matches first name AND last name
 * (two groups), because filters are top-level attributes only and there is no full-name field.
 */
export function customerNameGroups(text: string | undefined): SearchFilterGroup[] {
  if (!text) return [];
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length >= 2) {
    return [
      searchGroup(words[0]!, ["customer_firstname"]),
      searchGroup(words.slice(1).join(" "), ["customer_lastname"]),
    ];
  }
  return [searchGroup(text, ["customer_firstname", "customer_lastname"])];
}
