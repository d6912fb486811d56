/**
 * Reads a query string the way PHP fills $_GET (parse_str), which is what Magento's REST layer reads:
 * split on `&` then on the first `=`, urldecode (`+` is a space here, unlike in the OAuth signature),
 * and build nested arrays from `name[a][b]` keys. PHP arrays become plain objects; since JS objects list
 * integer-like keys first and ascending, `valuesInOrder` gives the PHP insertion order back (so
 * `sortOrders[1]` written before `sortOrders[0]` is applied first, as Magento's foreach over the array does).
 */
export type QueryValue = string | QueryObject;
export interface QueryObject {
  [key: string]: QueryValue;
}

/**
 * PHP `urldecode` read as UTF-8 text: `+` is a space, `%XX` escapes are decoded, a malformed escape stays as it is
 * (a run of escapes that is not valid UTF-8 is taken byte by byte). The query string and path parameters share it.
 */
export function urldecode(text: string): string {
  const plus = text.includes("+") ? text.replace(/\+/g, " ") : text;
  if (!plus.includes("%")) return plus;
  return plus.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%[0-9a-fA-F]{2}/g, (m) => String.fromCharCode(parseInt(m.slice(1), 16)));
    }
  });
}

/** Key order of each parsed node as PHP keeps it: a key's first assignment fixes its position. */
const insertionOrder = new WeakMap<QueryObject, string[]>();

function assign(node: QueryObject, key: string, value: QueryValue): void {
  if (!(key in node)) {
    const order = insertionOrder.get(node);
    if (order) order.push(key);
    else insertionOrder.set(node, [key]);
  }
  node[key] = value;
}

/** Reorders a node's keys by index (`[0]`, `[1]`, … ascending), as if they had been written that way. */
export function orderByIndex(node: QueryObject): void {
  insertionOrder.set(
    node,
    Object.keys(node).sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** A node's values in PHP insertion order (a PHP foreach over the array). */
export function valuesInOrder(node: QueryObject): QueryValue[] {
  const order = insertionOrder.get(node) ?? Object.keys(node);
  return order.map((k) => node[k]!);
}

export function parseQuery(query: string): QueryObject {
  const root: QueryObject = Object.create(null) as QueryObject;
  if (!query) return root;
  for (const part of query.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const rawName = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? "" : urldecode(part.slice(eq + 1));
    const name = urldecode(rawName).replace(/^ +/, "");
    if (!name) continue;
    const bracket = name.indexOf("[");
    // PHP turns spaces and dots in the base name into underscores.
    const base = (bracket === -1 ? name : name.slice(0, bracket)).replace(/[ .]/g, "_");
    const keys: string[] = [base];
    if (bracket !== -1) {
      const re = /\[([^\]]*)\]/gy;
      re.lastIndex = bracket;
      let m: RegExpExecArray | null;
      while ((m = re.exec(name)) !== null) keys.push(m[1] ?? "");
    }
    let node: QueryObject = root;
    for (let i = 0; i < keys.length; i++) {
      let key = keys[i] ?? "";
      const last = i === keys.length - 1;
      if (key === "" && i > 0) key = String(nextIndex(node));
      if (last) {
        assign(node, key, value);
      } else {
        const existing = node[key];
        if (typeof existing === "object") node = existing;
        else {
          const child = Object.create(null) as QueryObject;
          assign(node, key, child);
          node = child;
        }
      }
    }
  }
  return root;
}

function nextIndex(node: QueryObject): number {
  let max = -1;
  for (const k of Object.keys(node)) if (/^\d+$/.test(k)) max = Math.max(max, Number(k));
  return max + 1;
}

/** Plain string value of a top-level query parameter, or undefined (arrays are ignored). */
export function queryString(q: QueryObject, name: string): string | undefined {
  const v = q[name];
  return typeof v === "string" ? v : undefined;
}
