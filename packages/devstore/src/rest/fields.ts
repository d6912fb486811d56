/**
 * The `fields` response filter, ported from magento/magento2
 * lib/internal/Magento/Framework/Webapi/Rest/Response/FieldsFilter.php (`parse`, `applyFilter`,
 * `recursiveArrayIntersectKey`) and applied the way Webapi/Controller/Rest/SynchronousRequestProcessor.php does:
 * only when the parameter is truthy in PHP (not "" or "0") and the service answered an array or object, after the
 * service has run (a write with a broken `fields` still happens).
 * - Only letters, digits, `_`, `[`, `]` and `,` are allowed: anything else (a space in `items[sku, name]`) makes
 *   the whole answer `[]`, as does an unclosed `[` or a `fields` that is not a string.
 * - A list is filtered element by element; `items[]` keeps every item, emptied (`[[],[]]`); an empty list under a
 *   sub-filter becomes `null`; a filter that keeps nothing of an object gives `[]` (PHP's empty array).
 */
import type { QueryValue } from "./query.ts";

export type FieldsTree = Map<string, FieldsTree | 1>;

/** Magento's FieldsFilter::parse; null where Magento's returns null (the answer is then `[]`). */
export function parseFields(filter: string): FieldsTree | null {
  if (filter.length === 0 || /[^A-Za-z0-9_[\],]/.test(filter)) return null;
  let start: number | null = null;
  let current: FieldsTree = new Map();
  const stack: FieldsTree[] = [];
  const parents: (string | null)[] = [];
  let element: string | null = null;
  for (let pos = 0; pos < filter.length; pos++) {
    const ch = filter[pos];
    if (ch === "[" || ch === "]" || ch === ",") {
      if (start !== null) {
        element = filter.slice(start, pos);
        current.set(element, 1);
      }
      start = null;
    }
    if (ch === "[") {
      parents.push(element);
      stack.push(current);
      current = new Map();
    } else if (ch === "]") {
      const done = current;
      // array_pop on an empty stack gives null, which PHP then turns into a fresh array keyed "".
      current = stack.pop() ?? new Map();
      current.set(parents.pop() ?? "", done);
    } else if (ch !== ",") {
      start ??= pos;
    }
  }
  if (stack.length > 0) return null;
  if (start !== null) current.set(filter.slice(start), 1);
  return current;
}

type Json = unknown;

/** PHP's view of a JSON value: a list ("sequential array"), an assoc array, or a scalar. */
function isList(value: Json): value is Json[] {
  return Array.isArray(value) || (isAssoc(value) && Object.keys(value).length === 0);
}
function isAssoc(value: Json): value is Record<string, Json> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function applyFilter(response: Json[] | Record<string, Json>, filter: FieldsTree): Json {
  if (isList(response)) {
    const list = Array.isArray(response) ? response : [];
    // foreach over an empty list leaves $arrayIntersect null.
    if (list.length === 0) return null;
    return list.map((item) => {
      // recursiveArrayIntersectKey(array $array1, ...) with a scalar item is a TypeError in PHP (a 500).
      if (!isAssoc(item) && !Array.isArray(item)) throw new TypeError("FieldsFilter: a list item is not an array");
      return intersect(item, filter);
    });
  }
  return intersect(response, filter);
}

function intersect(value: Json[] | Record<string, Json>, filter: FieldsTree): Json {
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const out: Record<string, Json> = {};
  let kept = 0;
  for (const [key, v] of entries) {
    const sub = filter.get(key);
    if (sub === undefined) continue;
    out[key] = sub instanceof Map && (isAssoc(v) || Array.isArray(v)) ? applyFilter(v, sub) : v;
    kept++;
  }
  return kept === 0 ? [] : out;
}

/**
 * The response as Magento renders it under `fields` (undefined = not applied): `fields` is the raw query value
 * (a string, or a nested array when written as `fields[]=`).
 */
export function filterResponse(result: Json, fields: QueryValue | undefined): { applied: boolean; body: Json } {
  if (fields === undefined || fields === "" || fields === "0") return { applied: false, body: result };
  if (!isAssoc(result) && !Array.isArray(result)) return { applied: false, body: result };
  if (typeof fields !== "string") return { applied: true, body: [] };
  const tree = parseFields(fields);
  if (tree === null) return { applied: true, body: [] };
  return { applied: true, body: applyFilter(result, tree) };
}
