import { badRequest, invalidFieldValue, pageSizeTooLarge, requiredField, wrongType } from "./errors.ts";
import { orderByIndex, valuesInOrder, type QueryObject, type QueryValue } from "./query.ts";

/**
 * searchCriteria as the seed specifies it: filters OR'ed inside a group, groups AND'ed, sort orders applied in
 * PHP array order (no direction = descending), pageSize omitted = every match, a page past the end answers the
 * last page again. Comparisons follow MySQL: NULL never matches anything but `null`, strings compare
 * case-insensitively, numbers numerically.
 * Sort order: Magento's ServiceInputProcessor::convertValue and SortingProcessor::applyOrders both foreach the
 * parsed array, so `sortOrders[1]` written before `sortOrders[0]` comes first; written in order, that is the
 * seed's "index order".
 */
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

export interface Filter {
  field: string;
  value?: string;
  condition_type: string;
}
export interface SortOrder {
  field: string;
  direction?: string;
}
export interface SearchCriteria {
  filter_groups: { filters: Filter[] }[];
  sort_orders?: SortOrder[];
  page_size?: number;
  current_page?: number;
  /** The Search API's request name (quick_search_container, …). */
  request_name?: string;
}

export interface InputLimits {
  defaultPageSize: number;
  maxPageSize: number;
  /** Items an async bulk array may hold (`input-array-size-limit` of a route; default 5,000). */
  asyncArraySize?: number;
}
/** Magento 2.4's "Web API input limits" defaults when the option is on. */
export const DEFAULT_INPUT_LIMITS: InputLimits = { defaultPageSize: 20, maxPageSize: 300 };

export interface SearchResult<T> {
  items: T[];
  search_criteria: SearchCriteria;
  total_count: number;
}

/** A field's value for filtering and sorting (top-level attributes only, plus EAV custom attributes). */
export type FieldReader<T> = (item: T, field: string) => unknown;

// The REST input processor accepts both snake_case and camelCase property names.
function prop(obj: QueryObject, snake: string): QueryValue | undefined {
  if (snake in obj) return obj[snake];
  const camel = snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return obj[camel];
}

/** SimpleDataObjectConverter::snakeCaseToUpperCamelCase: `filter_groups` and `filterGroups` → `FilterGroups`. */
const upperCamel = (name: string) =>
  name
    .split("_")
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("");

const SEARCH_CRITERIA = "Magento\\Framework\\Api\\SearchCriteriaInterface";
const FILTER_GROUP = "Magento\\Framework\\Api\\Search\\FilterGroup";
const FILTER = "Magento\\Framework\\Api\\Filter";
const SORT_ORDER = "Magento\\Framework\\Api\\SortOrder";
/** SearchInterface::search (GET /V1/search) takes the Search variant, which adds requestName. */
const SEARCH_REQUEST = "Magento\\Framework\\Api\\Search\\SearchCriteriaInterface";

/** The properties each searchCriteria class has (its getters), keyed by class name. */
const PROPERTIES: Record<string, ReadonlySet<string>> = {
  [SEARCH_CRITERIA]: new Set(["FilterGroups", "SortOrders", "PageSize", "CurrentPage"]),
  [FILTER_GROUP]: new Set(["Filters"]),
  [FILTER]: new Set(["Field", "Value", "ConditionType"]),
  [SORT_ORDER]: new Set(["Field", "Direction"]),
  [SEARCH_REQUEST]: new Set(["FilterGroups", "SortOrders", "PageSize", "CurrentPage", "RequestName"]),
};

/**
 * ServiceInputProcessor::_createFromArray looks up a getter for every property it is given: Magento 2.4.7 and later
 * answer an unknown one with 400 (earlier releases skip it), e.g. `searchCriteria[pagesize]` or a typo'd filter key.
 */
function checkProperties(obj: QueryObject, className: string, strict: boolean): void {
  if (!strict) return;
  const known = PROPERTIES[className]!;
  for (const key of Object.keys(obj)) {
    if (known.has(upperCamel(key))) continue;
    throw badRequest('Property "%fieldName" does not have accessor method "%accessMethod" in class "%className".', {
      fieldName: key,
      accessMethod: `get${upperCamel(key)}`,
      className,
    });
  }
}

function asObject(v: QueryValue | undefined, name: string): QueryObject | undefined {
  if (v === undefined) return undefined;
  if (typeof v === "string") {
    if (v === "") return undefined;
    throw wrongType(v, name);
  }
  return v;
}

function asInt(v: QueryValue | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string" || !/^\s*[-+]?\d+\s*$/.test(v)) throw wrongType(typeof v === "string" ? v : "Array", "int");
  return Number.parseInt(v, 10);
}

function asString(v: QueryValue | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw wrongType("Array", "string");
  return v;
}

/** The seed profile: `searchCriteria[sortOrders]` apply in index order rather than in the order written. */
export function applySortOrdersByIndex(query: QueryObject): void {
  const sc = query.searchCriteria;
  const sorts = typeof sc === "object" ? prop(sc, "sort_orders") : undefined;
  if (typeof sorts === "object") orderByIndex(sorts);
}

export interface ParseOptions {
  required?: boolean;
  inputLimits?: InputLimits | false;
  /** Refuse unknown properties (Magento 2.4.7 and later; the profile decides). */
  strictProperties?: boolean;
  /** The Search API's criteria (with requestName). */
  searchRequest?: boolean;
}

export function parseSearchCriteria(query: QueryObject, opts: ParseOptions = {}): SearchCriteria {
  const raw = query.searchCriteria;
  if (raw === undefined && opts.required !== false) throw requiredField("searchCriteria");
  const sc = typeof raw === "object" ? raw : (Object.create(null) as QueryObject);
  const strict = opts.strictProperties ?? false;
  checkProperties(sc, opts.searchRequest ? SEARCH_REQUEST : SEARCH_CRITERIA, strict);
  const criteria: SearchCriteria = { filter_groups: [] };
  const groups = asObject(prop(sc, "filter_groups"), `${FILTER_GROUP}[]`);
  if (groups) {
    for (const g of valuesInOrder(groups)) {
      const group = asObject(g, FILTER_GROUP);
      if (group) checkProperties(group, FILTER_GROUP, strict);
      const filters: Filter[] = [];
      const rawFilters = group ? asObject(prop(group, "filters"), `${FILTER}[]`) : undefined;
      for (const f of rawFilters ? valuesInOrder(rawFilters) : []) {
        const filterObj = asObject(f, FILTER);
        if (!filterObj) continue;
        checkProperties(filterObj, FILTER, strict);
        const field = asString(prop(filterObj, "field"));
        if (field === undefined || field === "") throw requiredField("field");
        const conditionType = (asString(prop(filterObj, "condition_type")) || "eq").toLowerCase();
        if (!(CONDITION_TYPES as readonly string[]).includes(conditionType))
          throw invalidFieldValue("condition_type", conditionType);
        const value = asString(prop(filterObj, "value"));
        filters.push(
          value === undefined
            ? { field, condition_type: conditionType }
            : { field, value, condition_type: conditionType },
        );
      }
      criteria.filter_groups.push({ filters });
    }
  }
  const sorts = asObject(prop(sc, "sort_orders"), `${SORT_ORDER}[]`);
  if (sorts) {
    criteria.sort_orders = [];
    for (const s of valuesInOrder(sorts)) {
      const sortObj = asObject(s, SORT_ORDER);
      if (!sortObj) continue;
      checkProperties(sortObj, SORT_ORDER, strict);
      const field = asString(prop(sortObj, "field"));
      if (field === undefined || field === "") throw requiredField("field");
      const direction = asString(prop(sortObj, "direction"));
      // Framework/Api/SortOrder.php::validateDirectionIsAscOrDesc: any given direction (even "") must be ASC or DESC.
      if (direction !== undefined && !/^(asc|desc)$/i.test(direction)) {
        throw badRequest("The sort order has to be specified as %1 for ascending order or %2 for descending order.", [
          "ASC",
          "DESC",
        ]);
      }
      criteria.sort_orders.push(direction ? { field, direction: direction.toUpperCase() } : { field });
    }
  }
  const pageSize = asInt(prop(sc, "page_size"));
  const currentPage = asInt(prop(sc, "current_page"));
  const limits = opts.inputLimits;
  if (limits) {
    if (pageSize !== undefined && pageSize > limits.maxPageSize) throw pageSizeTooLarge(limits.maxPageSize);
  }
  if (pageSize !== undefined) criteria.page_size = pageSize;
  else if (limits) criteria.page_size = limits.defaultPageSize;
  if (currentPage !== undefined) criteria.current_page = currentPage;
  if (opts.searchRequest) {
    const name = asString(prop(sc, "request_name"));
    if (name !== undefined) criteria.request_name = name;
  }
  return criteria;
}

type Scalar = string | number | null;

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

function toScalars(v: unknown): Scalar[] {
  if (v === undefined || v === null) return [null];
  if (Array.isArray(v)) return v.length ? v.flatMap(toScalars) : [null];
  if (typeof v === "boolean") return [v ? 1 : 0];
  if (typeof v === "number") return [v];
  if (typeof v === "string") return [v];
  return [JSON.stringify(v)];
}

/** MySQL-like comparison of a stored value with a filter value: <0, 0, >0. */
function compare(a: string | number, b: string): number {
  if ((typeof a === "number" || NUMERIC.test(a)) && NUMERIC.test(b)) return Number(a) - Number(b);
  let left = String(a).toLowerCase();
  let right = b.toLowerCase();
  // A date-only value against a datetime column compares as midnight (MySQL casts it to DATETIME).
  if (DATETIME.test(left) && DATE_ONLY.test(right)) right += " 00:00:00";
  if (DATE_ONLY.test(left) && DATETIME.test(right)) left += " 00:00:00";
  return left < right ? -1 : left > right ? 1 : 0;
}

function likeRegex(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? "";
    if (ch === "\\" && i + 1 < pattern.length) re += (pattern[++i] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (ch === "%") re += "[\\s\\S]*";
    else if (ch === "_") re += "[\\s\\S]";
    else re += ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${re}$`, "i");
}

type Matcher = (value: unknown) => boolean;

function matcher(filter: Filter): Matcher {
  const v = filter.value ?? "";
  const some =
    (test: (s: string | number) => boolean): Matcher =>
    (value) =>
      toScalars(value).some((s) => s !== null && test(s));
  switch (filter.condition_type as ConditionType) {
    case "eq":
      return some((s) => compare(s, v) === 0);
    case "neq":
      return (value) => {
        const all = toScalars(value);
        return all.every((s) => s !== null) && all.every((s) => s !== null && compare(s, v) !== 0);
      };
    case "gt":
      return some((s) => compare(s, v) > 0);
    case "gteq":
    case "moreq":
    case "from":
      return some((s) => compare(s, v) >= 0);
    case "lt":
      return some((s) => compare(s, v) < 0);
    case "lteq":
    case "to":
      return some((s) => compare(s, v) <= 0);
    case "in": {
      const list = v.split(",").map((x) => x.trim());
      return some((s) => list.some((x) => compare(s, x) === 0));
    }
    case "nin": {
      const list = v.split(",").map((x) => x.trim());
      return (value) => {
        const all = toScalars(value);
        return all.every((s) => s !== null && !list.some((x) => compare(s, x) === 0));
      };
    }
    case "like": {
      const re = likeRegex(v);
      return some((s) => re.test(String(s)));
    }
    case "finset":
      // FIND_IN_SET(value, column): the column holds a comma-separated set.
      return some((s) => String(s).split(",").includes(v));
    case "null":
      return (value) => toScalars(value).every((s) => s === null);
    case "notnull":
      return (value) => toScalars(value).some((s) => s !== null);
  }
  return () => false;
}

function sortCompare(a: unknown, b: unknown): number {
  const x = toScalars(a)[0] ?? null;
  const y = toScalars(b)[0] ?? null;
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1; // NULL sorts first ascending (MySQL)
  return compare(x, String(y));
}

/** The rows that match the filters, in the requested order (every page of one search shares them). */
export function matchAndSort<T>(source: Iterable<T>, criteria: SearchCriteria, read: FieldReader<T>): T[] {
  const groups = criteria.filter_groups
    .filter((g) => g.filters.length > 0)
    .map((g) => g.filters.map((f) => ({ field: f.field, match: matcher(f) })));
  let items: T[] = [];
  for (const item of source) {
    if (groups.every((g) => g.some((f) => f.match(read(item, f.field))))) items.push(item);
  }
  const sorts = criteria.sort_orders ?? [];
  if (sorts.length) {
    items = items
      .map((item, index) => ({ item, index, keys: sorts.map((s) => read(item, s.field)) }))
      .sort((l, r) => {
        for (let i = 0; i < sorts.length; i++) {
          const c = sortCompare(l.keys[i], r.keys[i]);
          // Magento: anything but ASC sorts descending (no direction = DESC).
          if (c !== 0) return sorts[i]!.direction === "ASC" ? c : -c;
        }
        return l.index - r.index;
      })
      .map((x) => x.item);
  }
  return items;
}

/** One page of the matching rows. */
export function pageOf<T>(rows: readonly T[], criteria: SearchCriteria): SearchResult<T> {
  const total = rows.length;
  const pageSize = criteria.page_size;
  let items = rows as T[];
  if (pageSize !== undefined && pageSize > 0) {
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    // A page past the end answers the last page again (the collection clamps the page number).
    const page = Math.min(Math.max(1, criteria.current_page ?? 1), lastPage);
    items = rows.slice((page - 1) * pageSize, page * pageSize);
  } else {
    items = rows.slice();
  }
  return { items, search_criteria: criteria, total_count: total };
}

/** A whole list in the search-result shape (the comment and track lists of a document take no criteria). */
export function wholeList<T>(items: T[]): SearchResult<T> {
  return { items, search_criteria: { filter_groups: [] }, total_count: items.length };
}

/** The cache key of a search: which rows and in what order (paging excluded). */
export function searchKey(collection: string, criteria: SearchCriteria): string {
  return JSON.stringify([collection, criteria.filter_groups, criteria.sort_orders ?? []]);
}

/** Reader for plain records: a top-level key, else an EAV custom attribute of that code. */
export function readRecordField(item: Record<string, unknown>, field: string): unknown {
  if (field in item) return item[field];
  const custom = item.custom_attributes;
  if (Array.isArray(custom)) {
    for (const attr of custom as { attribute_code?: string; value?: unknown }[])
      if (attr.attribute_code === field) return attr.value;
  }
  return undefined;
}
