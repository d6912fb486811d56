/** CMS pages grid: search title/URL key, active flag. */
import { z } from "zod";
import type { SearchFilterGroup } from "@magento-integration/client";
import { defineGrid } from "./grid-spec";
import { searchGroup, textParam } from "./filter-values";
import { formatStoreDate, text } from "./format";

export interface CmsPageFilters extends Record<string, unknown> {
  q: string;
  active: "1" | "0";
}

export interface CmsPageRow {
  id: number;
  identifier?: string;
  title?: string;
  /** The REST output calls it `active` (getter isActive); filters and sorts use the column `is_active`. */
  active?: boolean;
  creation_time?: string;
  update_time?: string;
}

export const cmsPagesGrid = defineGrid<CmsPageFilters, CmsPageRow>({
  key: "cms",
  title: "CMS pages",
  noun: "CMS pages",
  tableId: "cms-pages",
  operation: "getCmsPageSearch",
  itemFields: ["id", "identifier", "title", "active", "creation_time", "update_time"],
  filters: {
    q: { schema: textParam },
    active: { schema: z.enum(["1", "0"], { message: "active must be 1 or 0" }) },
  },
  sortFields: ["title", "identifier", "is_active", "creation_time", "update_time"],
  defaultSort: { field: "title", dir: "asc" },
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 20,
  toGroups(f) {
    const groups: SearchFilterGroup[] = [];
    if (f.q) groups.push(searchGroup(f.q, ["title", "identifier"]));
    if (f.active) groups.push({ filters: [{ field: "is_active", value: f.active, conditionType: "eq" }] });
    return groups;
  },
  inputs: [
    { kind: "text", name: "q", label: "Title or URL key contains", type: "search" },
    {
      kind: "select",
      name: "active",
      label: "Active",
      options: [
        { value: "1", label: "Active" },
        { value: "0", label: "Inactive" },
      ],
    },
  ],
  columns: [
    { key: "title", label: "Title", sortField: "title", cell: (p) => text(p.title) },
    {
      key: "identifier",
      label: "URL key",
      sortField: "identifier",
      cell: (p) => ({ text: text(p.identifier), mono: true }),
    },
    {
      key: "is_active",
      label: "Active",
      sortField: "is_active",
      cell: (p) =>
        p.active === undefined
          ? "—"
          : p.active
            ? { text: "Active", badge: "success" }
            : { text: "Inactive", badge: "neutral" },
    },
    {
      key: "creation_time",
      label: "Created",
      sortField: "creation_time",
      cell: (p) => formatStoreDate(p.creation_time),
    },
    { key: "update_time", label: "Updated", sortField: "update_time", cell: (p) => formatStoreDate(p.update_time) },
  ],
  rowKey: (p) => p.id,
});
