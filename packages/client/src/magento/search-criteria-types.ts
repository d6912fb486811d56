/** The searchCriteria object as the seed defines it (store-rest-service.md "Search criteria"). */

export const CONDITION_TYPES = [
  "eq",
  "neq",
  "gt",
  "gteq",
  "moreq",
  "lt",
  "lteq",
  "from",
  "to",
  "in",
  "nin",
  "like",
  "finset",
  "null",
  "notnull",
] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export type SortDirection = "ASC" | "DESC";

export interface SearchFilter {
  field: string;
  /** Absent only for null / notnull. in/nin values are comma-joined lists. */
  value?: string;
  conditionType: ConditionType;
}

export interface SearchFilterGroup {
  /** Filters inside one group combine with OR. */
  filters: SearchFilter[];
}

export interface SortOrder {
  field: string;
  direction: SortDirection;
}

export interface SearchCriteria {
  /** Groups combine with AND. */
  filterGroups: SearchFilterGroup[];
  sortOrders: SortOrder[];
  pageSize?: number;
  currentPage?: number;
}

export function isConditionType(value: string): value is ConditionType {
  return (CONDITION_TYPES as readonly string[]).includes(value);
}
