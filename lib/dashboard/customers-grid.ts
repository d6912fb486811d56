/** Customers grid: search email/name, group, created_at range. */
import type { SearchFilterGroup } from "@magento-integration/client";
import { defineGrid } from "./grid-spec";
import { dateParam, dayEnd, dayStart, idParam, searchGroup, textParam } from "./filter-values";
import { rangeGroups } from "./range-groups";
import { formatStoreDate, text } from "./format";
import { GROUP_FIELDS, GROUPS_CRITERIA, groupNames } from "./records/customer";

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

export const customersGrid = defineGrid<CustomerFilters, CustomerRow>({
  key: "customers",
  title: "Customers",
  noun: "customers",
  operation: "getCustomersSearch",
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
    groups.push(
      ...rangeGroups(
        "created_at",
        f.created_from ? dayStart(f.created_from) : undefined,
        f.created_to ? dayEnd(f.created_to) : undefined,
      ),
    );
    return groups;
  },
  inputs: [
    { kind: "text", name: "q", label: "Email or name contains", type: "search" },
    { kind: "lookup", name: "group", label: "Customer group", lookup: "group", fallbackLabel: "Customer group ID" },
    { kind: "text", name: "created_from", label: "Created from", type: "date" },
    { kind: "text", name: "created_to", label: "Created to", type: "date" },
  ],
  // group names instead of 1/2/3 (needs Magento_Customer::group; ids are shown without it)
  lookups: {
    group: {
      operation: "getCustomerGroupsSearch",
      args: { searchCriteria: GROUPS_CRITERIA, fields: GROUP_FIELDS },
      options: (data) => [...groupNames(data)].map(([id, code]) => ({ value: String(id), label: code })),
    },
  },
  columns: [
    {
      key: "email",
      label: "Email",
      sortField: "email",
      cell: (c, ctx) => ({ text: text(c.email), href: ctx.recordHref(c.id) }),
    },
    { key: "firstname", label: "First name", sortField: "firstname", cell: (c) => text(c.firstname) },
    { key: "lastname", label: "Last name", sortField: "lastname", cell: (c) => text(c.lastname) },
    {
      key: "group_id",
      label: "Group",
      sortField: "group_id",
      cell: (c, ctx) =>
        c.group_id === undefined ? "—" : (ctx.lookup("group")?.get(String(c.group_id)) ?? `Group ${c.group_id}`),
    },
    { key: "created_at", label: "Created", sortField: "created_at", cell: (c) => formatStoreDate(c.created_at) },
  ],
  rowKey: (c) => c.id,
  export: { fields: "id,email,firstname,lastname,group_id,created_at" },
});
