/** Customers grid: search email/name, group, created_at range. */
import type { SearchFilterGroup } from "@/lib/magento/search-criteria-types";
import type { GridSpec } from "./grid";
import { dateParam, dayEnd, dayStart, idParam, searchGroup, textParam } from "./filter-values";
import { rangeGroups } from "./range-groups";

export interface CustomerFilters extends Record<string, unknown> {
  q: string;
  group: string;
  created_from: string;
  created_to: string;
}

export interface CustomerRow {
  id: number;
  email?: string;
  firstname?: string;
  lastname?: string;
  group_id?: number;
  created_at?: string;
}

export const customersGrid: GridSpec<CustomerFilters> = {
  path: "/V1/customers/search",
  itemFields: ["id", "email", "firstname", "lastname", "group_id", "created_at"],
  filters: {
    q: { schema: textParam },
    group: { schema: idParam },
    created_from: { schema: dateParam },
    created_to: { schema: dateParam },
  },
  sortFields: ["email", "firstname", "lastname", "group_id", "created_at"],
  defaultSort: { field: "email", dir: "asc" },
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 20,
  toGroups(f) {
    const groups: SearchFilterGroup[] = [];
    if (f.q) groups.push(searchGroup(f.q, ["email", "firstname", "lastname"]));
    if (f.group) groups.push({ filters: [{ field: "group_id", value: f.group, conditionType: "eq" }] });
    groups.push(...rangeGroups("created_at", f.created_from ? dayStart(f.created_from) : undefined, f.created_to ? dayEnd(f.created_to) : undefined));
    return groups;
  },
};
