import type { SearchFilterGroup } from "@magento-integration/client";

/**
 * A range filter. Both ends: the seed's form, two AND groups `from` + `to` on the same field.
 * One end only: `gteq` / `lteq` (a lone `from` or `to` is not what the seed describes).
 */
export function rangeGroups(field: string, from: string | undefined, to: string | undefined): SearchFilterGroup[] {
  if (from !== undefined && to !== undefined) {
    return [
      { filters: [{ field, value: from, conditionType: "from" }] },
      { filters: [{ field, value: to, conditionType: "to" }] },
    ];
  }
  if (from !== undefined) return [{ filters: [{ field, value: from, conditionType: "gteq" }] }];
  if (to !== undefined) return [{ filters: [{ field, value: to, conditionType: "lteq" }] }];
  return [];
}
