/** Products grid (/stores/[id]/products): search by name/SKU, price range, status, category; any column sorts. */
import { z } from "zod";
import type { SearchFilterGroup } from "@/lib/magento/search-criteria-types";
import type { GridSpec } from "./grid";
import { amountParam, idParam, searchGroup, textParam } from "./filter-values";
import { rangeGroups } from "./range-groups";

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

export const productsGrid: GridSpec<ProductFilters> = {
  path: "/V1/products",
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
};
