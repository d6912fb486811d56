/**
 * The `fields` response filter (seed "Filtered responses"): `name`, `object`, `object[a,b]`, nested to any depth.
 * Build with fields("sku", "name", { extension_attributes: ["category_links", { stock_item: ["qty"] }] });
 * for list responses wrap with listFields(...) → `items[...]`.
 */
import { KitError } from "../kit-error.ts";

export type FieldSpec = string | { readonly [name: string]: readonly FieldSpec[] };

export class FieldsSyntaxError extends KitError {
  static override readonly brand: string = "FieldsSyntaxError";
  constructor(
    message: string,
    readonly input: string,
    readonly position: number,
  ) {
    super(`invalid fields "${input}": ${message} at position ${position}`, { problem: "invalid_input" });
  }
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

function render(spec: FieldSpec): string[] {
  if (typeof spec === "string") {
    validateFields(spec);
    return [spec];
  }
  const out: string[] = [];
  for (const [name, children] of Object.entries(spec)) {
    if (!IDENT.test(name)) throw new FieldsSyntaxError(`"${name}" is not a field name`, name, 0);
    if (children.length === 0) out.push(name);
    else out.push(`${name}[${children.flatMap(render).join(",")}]`);
  }
  return out;
}

/** Joins field specs into a validated `fields` value. */
export function fields(...specs: FieldSpec[]): string {
  if (specs.length === 0) throw new FieldsSyntaxError("no fields given", "", 0);
  const value = specs.flatMap(render).join(",");
  validateFields(value);
  return value;
}

/** `items[...]` for list responses (the seed: "To trim a list response, use fields=items[<a>,<b>]"). */
export function listFields(...specs: FieldSpec[]): string {
  return `items[${fields(...specs)}]`;
}

/**
 * Checks a fields string: comma-separated identifiers, each optionally followed by a bracketed non-empty list,
 * brackets balanced. Throws FieldsSyntaxError naming the problem and its position.
 */
export function validateFields(value: string): void {
  let i = 0;
  let depth = 0;
  const fail = (msg: string): never => {
    throw new FieldsSyntaxError(msg, value, i);
  };
  if (value.length === 0) fail("empty");
  const readItem = () => {
    const start = i;
    while (i < value.length && /[A-Za-z0-9_]/.test(value[i]!)) i++;
    const name = value.slice(start, i);
    if (name.length === 0) {
      const ch = value[i];
      fail(
        ch === undefined
          ? "a field name is missing at the end"
          : ch === "," || ch === "]"
            ? "empty field name"
            : `unexpected character "${ch}"`,
      );
    }
    if (!IDENT.test(name)) {
      i = start;
      fail(`"${name}" is not a field name (it must start with a letter or _)`);
    }
  };
  for (;;) {
    readItem();
    if (i === value.length) break;
    const ch = value[i]!;
    if (ch === "[") {
      depth++;
      i++;
      continue;
    }
    while (value[i] === "]") {
      if (depth === 0) fail('unbalanced "]"');
      depth--;
      i++;
    }
    if (i === value.length) break;
    if (value[i] === ",") {
      i++;
      continue;
    }
    fail(`unexpected character "${value[i]}"`);
  }
  if (depth > 0) fail(`${depth} unclosed "["`);
}

/** True when the top level of a fields value names `name` (e.g. total_count next to items[...]). */
export function hasTopLevelField(value: string, name: string): boolean {
  let depth = 0;
  let current = "";
  for (const ch of value + ",") {
    if (ch === "[") {
      if (depth === 0 && current === name) return true;
      depth++;
    } else if (ch === "]") depth--;
    else if (ch === "," && depth === 0) {
      if (current === name) return true;
      current = "";
    } else if (depth === 0 && ch !== ",") current += ch;
  }
  return false;
}
