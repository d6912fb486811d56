import { badRequest, missingInputs, requiredField, wrongType } from "../errors.ts";

/**
 * Input conversion the way Magento's ServiceInputProcessor does it: the entity is wrapped under the
 * parameter's name, scalars are converted to the declared type (numeric strings are accepted), and an
 * unknown property is refused with Magento's accessor message.
 */
export function requireObject(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const v = body[name];
  if (v === undefined || v === null) throw requiredField(name);
  if (typeof v !== "object" || Array.isArray(v))
    throw wrongType(typeof v === "string" ? v : JSON.stringify(v), "object");
  return v as Record<string, unknown>;
}

export function optionalObject(obj: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const v = obj[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "object" || Array.isArray(v))
    throw wrongType(typeof v === "string" ? v : JSON.stringify(v), "object");
  return v as Record<string, unknown>;
}

export function toInt(value: unknown): number {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^\s*[-+]?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  if (typeof value === "boolean") return value ? 1 : 0;
  throw wrongType(typeof value === "string" ? value : JSON.stringify(value), "int");
}

export function toFloat(value: unknown): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  throw wrongType(typeof value === "string" ? value : JSON.stringify(value), "float");
}

export function toBool(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === "1" || value === "true") return true;
  if (value === 0 || value === "0" || value === "false" || value === "") return false;
  throw wrongType(typeof value === "string" ? value : JSON.stringify(value), "bool");
}

export function toStr(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  throw wrongType(JSON.stringify(value), "string");
}

/** Integer path parameter (`/V1/customers/:customerId`). */
export function intParam(params: Record<string, string>, name: string): number {
  return toInt(params[name] ?? "");
}

export function rejectUnknownKeys(obj: Record<string, unknown>, known: ReadonlySet<string>, className: string): void {
  for (const key of Object.keys(obj)) {
    if (known.has(key)) continue;
    const accessor = "get" + key.replace(/(^|_)([a-z0-9])/g, (_m, _s: string, c: string) => c.toUpperCase());
    throw badRequest('Property "%fieldName" does not have accessor method "%accessMethod" in class "%className".', {
      fieldName: key,
      accessMethod: accessor,
      className,
    });
  }
}

/** Magento's datetime text for "now" (UTC). */
export function nowText(now: () => number): string {
  return new Date(now()).toISOString().slice(0, 19).replace("T", " ");
}

/** Query parameters a service method requires (ServiceInputProcessor aggregates the missing ones). */
export function requireQuery(query: Record<string, unknown>, names: readonly string[]): void {
  const missing = names.filter((n) => query[n] === undefined);
  if (missing.length) throw missingInputs(missing);
}

/** Body parameters a service method requires. */
export function requireBody(body: Record<string, unknown>, names: readonly string[]): void {
  const missing = names.filter((n) => body[n] === undefined || body[n] === null);
  if (missing.length) throw missingInputs(missing);
}

export function requireArray(body: Record<string, unknown>, name: string): unknown[] {
  const v = body[name];
  if (v === undefined || v === null) throw requiredField(name);
  if (!Array.isArray(v)) throw wrongType(typeof v === "string" ? v : JSON.stringify(v), "array");
  return v;
}

/** An optional scalar, converted; undefined when absent or null. */
export function optional<T>(obj: Record<string, unknown>, name: string, convert: (v: unknown) => T): T | undefined {
  const v = obj[name];
  return v === undefined || v === null ? undefined : convert(v);
}

/** The next free key of a small map (records without their own counter). */
export function nextKey(map: Map<number, unknown>): number {
  let max = 0;
  for (const k of map.keys()) if (k > max) max = k;
  return max + 1;
}
