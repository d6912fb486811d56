import { badRequest } from "./errors";

/**
 * The `fields` response filter (REST only, on GET, POST and PUT): `a,b`, `obj` (whole object),
 * `obj[a,b]`, nested to any depth; a list is filtered element by element, so `items[sku,name]` trims
 * every item of a search result.
 */
export type FieldsTree = Map<string, FieldsTree | true>;

const NAME = /[A-Za-z0-9_-]/;

function malformed(fields: string, reason: string) {
  return badRequest('The "fields" parameter "%fields" is malformed: %reason', { fields, reason });
}

export function parseFields(fields: string): FieldsTree | undefined {
  const text = fields.trim();
  if (text === "") return undefined;
  let pos = 0;
  const skipSpaces = () => {
    while (text[pos] === " ") pos++;
  };
  const parseList = (depth: number): FieldsTree => {
    const tree: FieldsTree = new Map();
    for (;;) {
      skipSpaces();
      const start = pos;
      while (pos < text.length && NAME.test(text[pos] ?? "")) pos++;
      const name = text.slice(start, pos);
      if (!name) throw malformed(fields, `expected a field name at position ${pos + 1}`);
      skipSpaces();
      if (text[pos] === "[") {
        pos++;
        const child = parseList(depth + 1);
        if (text[pos] !== "]") throw malformed(fields, `missing "]" for "${name}"`);
        pos++;
        const existing = tree.get(name);
        tree.set(name, existing instanceof Map ? mergeTrees(existing, child) : existing === true ? true : child);
      } else {
        tree.set(name, true);
      }
      skipSpaces();
      if (text[pos] === ",") {
        pos++;
        continue;
      }
      if (pos >= text.length) {
        if (depth > 0) throw malformed(fields, 'missing "]"');
        return tree;
      }
      if (text[pos] === "]") {
        if (depth === 0) throw malformed(fields, `unexpected "]" at position ${pos + 1}`);
        return tree;
      }
      throw malformed(fields, `unexpected "${text[pos]}" at position ${pos + 1}`);
    }
  };
  return parseList(0);
}

function mergeTrees(a: FieldsTree, b: FieldsTree): FieldsTree {
  const out: FieldsTree = new Map(a);
  for (const [k, v] of b) {
    const cur = out.get(k);
    out.set(k, cur === true || v === true ? true : cur ? mergeTrees(cur, v) : v);
  }
  return out;
}

export function applyFields(value: unknown, tree: FieldsTree): unknown {
  if (Array.isArray(value)) return value.map((v) => applyFields(v, tree));
  if (value === null || typeof value !== "object") return value;
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    if (!(key in obj)) continue;
    out[key] = sub === true ? obj[key] : applyFields(obj[key], sub);
  }
  return out;
}
