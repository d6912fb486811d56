/** Typed searchCriteria builder, its query serialisation and the reverse parser. */
import {
  isConditionType,
  type ConditionType,
  type SearchCriteria,
  type SearchFilter,
  type SortDirection,
} from "./search-criteria-types.ts";
import { searchCriteriaProblem } from "./search-criteria-schema.ts";
import { KitError } from "../kit-error.ts";

export type FilterValue = string | number | boolean | ReadonlyArray<string | number>;

/** One filter of a group; `value` may be omitted for null / notnull. */
export interface FilterSpec {
  field: string;
  condition?: ConditionType;
  value?: FilterValue;
}

export class SearchCriteriaError extends KitError {
  static override readonly brand: string = "SearchCriteriaError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

function toValue(condition: ConditionType, value: FilterValue | undefined): string | undefined {
  if (value === undefined) {
    if (condition === "null" || condition === "notnull") return undefined;
    throw new SearchCriteriaError(`condition "${condition}" needs a value`);
  }
  if (Array.isArray(value)) {
    if (condition !== "in" && condition !== "nin" && condition !== "finset") {
      throw new SearchCriteriaError(`a list value is only allowed for in, nin and finset (got "${condition}")`);
    }
    return value.map(String).join(",");
  }
  return String(value);
}

function makeFilter(spec: FilterSpec): SearchFilter {
  const conditionType = spec.condition ?? "eq";
  if (!isConditionType(conditionType))
    throw new SearchCriteriaError(`unknown condition type "${String(conditionType)}"`);
  if (!spec.field) throw new SearchCriteriaError("a filter needs a field name");
  const value = toValue(conditionType, spec.value);
  return value === undefined ? { field: spec.field, conditionType } : { field: spec.field, value, conditionType };
}

function checkPositiveInt(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new SearchCriteriaError(`${name} must be a positive integer (got ${n})`);
}

export class SearchCriteriaBuilder {
  private readonly criteria: SearchCriteria = { filterGroups: [], sortOrders: [] };

  /** Adds a group with one filter: ANDed with the other groups. */
  where(field: string, condition: ConditionType, value?: FilterValue): this {
    this.criteria.filterGroups.push({ filters: [makeFilter({ field, condition, value })] });
    return this;
  }

  /** Adds a group whose filters combine with OR; the group is ANDed with the others. */
  anyOf(...filters: FilterSpec[]): this {
    if (filters.length === 0) throw new SearchCriteriaError("anyOf() needs at least one filter");
    this.criteria.filterGroups.push({ filters: filters.map(makeFilter) });
    return this;
  }

  /** A from/to range: two groups (AND), as the seed prescribes. */
  range(field: string, from: string | number, to: string | number): this {
    return this.where(field, "from", from).where(field, "to", to);
  }

  /** Sort orders apply in the order added; the direction is always explicit (the store defaults to DESC). */
  sortBy(field: string, direction: SortDirection = "ASC"): this {
    if (direction !== "ASC" && direction !== "DESC") throw new SearchCriteriaError(`direction must be ASC or DESC`);
    this.criteria.sortOrders.push({ field, direction });
    return this;
  }

  pageSize(n: number): this {
    checkPositiveInt("pageSize", n);
    this.criteria.pageSize = n;
    return this;
  }

  currentPage(n: number): this {
    checkPositiveInt("currentPage", n);
    this.criteria.currentPage = n;
    return this;
  }

  build(): SearchCriteria {
    return structuredClone(this.criteria);
  }

  toQuery(): Array<[string, string]> {
    return searchCriteriaToQuery(this.criteria);
  }
}

export function searchCriteria(): SearchCriteriaBuilder {
  return new SearchCriteriaBuilder();
}

/** Decoded flat names (`searchCriteria[filter_groups][0][filters][0][field]`) in the seed's spelling. */
export function searchCriteriaToQuery(c: SearchCriteria): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  c.filterGroups.forEach((group, i) => {
    group.filters.forEach((f, j) => {
      const p = `searchCriteria[filter_groups][${i}][filters][${j}]`;
      out.push([`${p}[field]`, f.field]);
      if (f.value !== undefined) out.push([`${p}[value]`, f.value]);
      out.push([`${p}[condition_type]`, f.conditionType]);
    });
  });
  c.sortOrders.forEach((s, i) => {
    out.push([`searchCriteria[sortOrders][${i}][field]`, s.field]);
    out.push([`searchCriteria[sortOrders][${i}][direction]`, s.direction]);
  });
  if (c.pageSize !== undefined) out.push(["searchCriteria[pageSize]", String(c.pageSize)]);
  if (c.currentPage !== undefined) out.push(["searchCriteria[currentPage]", String(c.currentPage)]);
  return out;
}

const FILTER_RE =
  /^searchCriteria\[(?:filter_groups|filterGroups)\]\[(\d+)\]\[filters\]\[(\d+)\]\[(field|value|condition_type|conditionType)\]$/;
const SORT_RE = /^searchCriteria\[(?:sortOrders|sort_orders)\]\[(\d+)\]\[(field|direction)\]$/;
const PAGE_RE = /^searchCriteria\[(pageSize|page_size|currentPage|current_page)\]$/;

/**
 * Reads decoded query pairs back into a SearchCriteria (both snake_case and camelCase spellings, which the store
 * accepts alike). Pairs that are not searchCriteria are ignored; malformed searchCriteria pairs throw.
 */
export function parseSearchCriteria(pairs: Iterable<readonly [string, string]>): SearchCriteria {
  const groups = new Map<number, Map<number, { field?: string; value?: string; conditionType?: string }>>();
  const sorts = new Map<number, { field?: string; direction?: string }>();
  const c: SearchCriteria = { filterGroups: [], sortOrders: [] };
  for (const [name, value] of pairs) {
    if (!name.startsWith("searchCriteria")) continue;
    let m = FILTER_RE.exec(name);
    if (m) {
      const gi = Number(m[1]);
      const fi = Number(m[2]);
      const group = groups.get(gi) ?? new Map();
      groups.set(gi, group);
      const f = group.get(fi) ?? {};
      group.set(fi, f);
      const part = m[3];
      if (part === "field") f.field = value;
      else if (part === "value") f.value = value;
      else f.conditionType = value;
      continue;
    }
    m = SORT_RE.exec(name);
    if (m) {
      const si = Number(m[1]);
      const s = sorts.get(si) ?? {};
      sorts.set(si, s);
      if (m[2] === "field") s.field = value;
      else s.direction = value.toUpperCase();
      continue;
    }
    m = PAGE_RE.exec(name);
    if (m) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1)
        throw new SearchCriteriaError(`${name} must be a positive integer (got "${value}")`);
      if (m[1] === "pageSize" || m[1] === "page_size") c.pageSize = n;
      else c.currentPage = n;
      continue;
    }
    throw new SearchCriteriaError(`unrecognised search criteria parameter "${name}"`);
  }
  for (const gi of [...groups.keys()].sort((a, b) => a - b)) {
    const group = groups.get(gi)!;
    const filters: SearchFilter[] = [];
    for (const fi of [...group.keys()].sort((a, b) => a - b)) {
      const f = group.get(fi)!;
      if (!f.field) throw new SearchCriteriaError(`filter [${gi}][${fi}] has no field`);
      const conditionType = f.conditionType ?? "eq"; // the seed: condition_type is optional when it is eq
      if (!isConditionType(conditionType)) {
        throw new SearchCriteriaError(`filter [${gi}][${fi}] has an unknown condition type "${conditionType}"`);
      }
      filters.push(
        f.value === undefined ? { field: f.field, conditionType } : { field: f.field, value: f.value, conditionType },
      );
    }
    c.filterGroups.push({ filters });
  }
  for (const si of [...sorts.keys()].sort((a, b) => a - b)) {
    const s = sorts.get(si)!;
    if (!s.field) throw new SearchCriteriaError(`sort order [${si}] has no field`);
    // the seed: a sort order without a direction is descending
    const direction = s.direction ?? "DESC";
    if (direction !== "ASC" && direction !== "DESC")
      throw new SearchCriteriaError(`sort order [${si}] has direction "${direction}"`);
    c.sortOrders.push({ field: s.field, direction });
  }
  return c;
}

/**
 * The criteria of a call: a builder is built (valid by construction); a plain object is checked with zod first,
 * because it reaches the query string unchanged.
 */
export function resolveSearchCriteria(
  input: SearchCriteria | { build(): SearchCriteria } | undefined,
): SearchCriteria | undefined {
  if (input === undefined) return undefined;
  if ("build" in input && typeof input.build === "function") return input.build();
  const problem = searchCriteriaProblem(input);
  if (problem !== undefined) throw new SearchCriteriaError(`invalid searchCriteria object: ${problem}`);
  return input as SearchCriteria;
}

/** The query pairs of a call's criteria: a builder serialises its own (no copy); a plain object is checked first. */
export function criteriaQuery(
  input: SearchCriteria | { build(): SearchCriteria } | undefined,
): Array<[string, string]> | undefined {
  if (input === undefined) return undefined;
  if (input instanceof SearchCriteriaBuilder) return input.toQuery();
  return searchCriteriaToQuery(resolveSearchCriteria(input)!);
}
