/** CMS pages grid: search title/URL key, active flag. */
import { z } from "zod";
import type { SearchFilterGroup } from "@/lib/magento/search-criteria-types";
import type { GridSpec } from "./grid";
import { searchGroup, textParam } from "./filter-values";

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

export const cmsPagesGrid: GridSpec<CmsPageFilters> = {
  path: "/V1/cmsPage/search",
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
};
