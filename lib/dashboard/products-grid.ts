/** Products grid (/stores/[id]/products): search by name/SKU, price range, status, category; any column sorts. */
import { z } from "zod";
import type { SearchFilterGroup } from "@magento-integration/client";
import { defineGrid } from "./grid-spec";
import { amountParam, idParam, searchGroup, textParam } from "./filter-values";
import { rangeGroups } from "./range-groups";
import { categoryTreeFields, flattenTree, parseCategoryTree } from "./category-tree";
import { formatMoney, formatStoreDate, text } from "./format";

export interface ProductFilters extends Record<string, unknown> {
  q: string;
  price_from: string;
  price_to: string;
  status: "1" | "2";
  category: string;
}

export interface ProductRow {
  id?: number;
  sku: string;
  name?: string;
  price?: number;
  status?: number;
  type_id?: string;
  updated_at?: string;
}

export const PRODUCT_STATUS_LABELS: Record<string, string> = { "1": "Enabled", "2": "Disabled" };

export const productsGrid = defineGrid<ProductFilters, ProductRow>({
  key: "products",
  title: "Products",
  noun: "products",
  description: "Search, filter and sort the catalogue. Every filter is in the URL: share it or use the back button.",
  operation: "getProducts",
  itemFields: ["id", "sku", "name", "price", "status", "type_id", "updated_at"],
  filters: {
    q: { schema: textParam },
    price_from: { schema: amountParam },
    price_to: { schema: amountParam },
    status: { schema: z.enum(["1", "2"], { message: "status must be 1 (enabled) or 2 (disabled)" }) },
    category: { schema: idParam },
  },
  sortFields: ["sku", "name", "price", "status", "type_id", "updated_at"],
  defaultSort: { field: "sku", dir: "asc" },
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 20,
  toGroups(f) {
    const groups: SearchFilterGroup[] = [];
    if (f.q) groups.push(searchGroup(f.q, ["name", "sku"]));
    groups.push(...rangeGroups("price", f.price_from, f.price_to));
    if (f.status) groups.push({ filters: [{ field: "status", value: f.status, conditionType: "eq" }] });
    if (f.category) groups.push({ filters: [{ field: "category_id", value: f.category, conditionType: "eq" }] });
    return groups;
  },
  inputs: [
    { kind: "text", name: "q", label: "Name or SKU contains", type: "search" },
    { kind: "text", name: "price_from", label: "Price from", inputMode: "decimal" },
    { kind: "text", name: "price_to", label: "Price to", inputMode: "decimal" },
    {
      kind: "select",
      name: "status",
      label: "Status",
      options: Object.entries(PRODUCT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
    },
    { kind: "lookup", name: "category", label: "Category", lookup: "category", fallbackLabel: "Category ID" },
  ],
  lookups: {
    category: {
      operation: "getCategories",
      args: { fields: categoryTreeFields(5) },
      options: (data) =>
        flattenTree(parseCategoryTree(data)).map((c) => ({
          value: String(c.id),
          label: `${"· ".repeat(Math.max(0, c.depth))}${c.name ?? c.id}`,
        })),
    },
  },
  storeCurrency: true,
  columns: [
    {
      key: "sku",
      label: "SKU",
      sortField: "sku",
      cell: (p, ctx) => ({ text: p.sku, href: ctx.recordHref(p.sku), mono: true }),
    },
    { key: "name", label: "Name", sortField: "name", cell: (p) => text(p.name) },
    {
      key: "price",
      label: "Price",
      sortField: "price",
      numeric: true,
      cell: (p, ctx) => formatMoney(p.price, ctx.currency),
    },
    {
      key: "status",
      label: "Status",
      sortField: "status",
      cell: (p) => PRODUCT_STATUS_LABELS[String(p.status)] ?? text(p.status),
    },
    { key: "type_id", label: "Type", sortField: "type_id", cell: (p) => text(p.type_id) },
    { key: "updated_at", label: "Updated", sortField: "updated_at", cell: (p) => formatStoreDate(p.updated_at) },
  ],
  rowKey: (p) => p.sku,
  emptyHint: "Nothing in this store matches these filters. Widen the price range or clear the search.",
  export: { fields: "sku,name,price,status,type_id,updated_at" },
});
