/**
 * A store row as the mirror keeps it: the declaration's fields (nested ones under their last name), its identity,
 * sort key, store version and fingerprint. Rows that break the declaration are a SyncDataError: the page they came
 * in is refused whole and the mirror stays as it was.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { identityFields, keptName, type SyncEntity, type SyncReading } from "./declaration.ts";
import { KitError } from "@magento-integration/client";

export class SyncDataError extends KitError {
  static override readonly brand: string = "SyncDataError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "sync_data", ...options });
  }
}

export interface StoreRecord {
  identity: string;
  sortKey: string;
  /** The store's `updated_at` text, or "" for entities without a version. */
  version: string;
  /** The keyset column's value: a whole number's digits, or text (`keyset.text`). */
  key: string;
  fingerprint: string;
  data: Record<string, unknown>;
}

function read(row: unknown, path: string): unknown {
  let v: unknown = row;
  for (const part of path.split(".")) {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** JSON with object keys sorted: the same record always gives the same text, whatever order the store wrote. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .filter((k) => o[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
    .join(",")}}`;
}

export const fingerprintOf = (data: Record<string, unknown>): string =>
  createHash("sha256").update(canonicalJson(data)).digest("base64url");

const hexOf = (text: string): string => Buffer.from(text, "utf8").toString("hex");

/**
 * The identity in sort order as text both databases order alike: numbers zero-padded to 20 digits, text as the
 * hex of its UTF-8 bytes (byte order; a PostgreSQL locale collation would order "a-b" and "ab" differently). An
 * identity of several fields joins its parts' keys, each text part ended by "00" (a byte no text holds), so records
 * order by the first part, then the next ("ab" before "abc" whatever follows).
 */
export function sortKeyOf(entity: Pick<SyncReading, "identity">, identity: string): string {
  const fields = identityFields(entity);
  if (fields.length === 1) return fields[0]!.numeric ? identity.padStart(20, "0") : hexOf(identity);
  const parts = identityParts(entity, identity);
  return fields.map((f, i) => (f.numeric ? parts[i]!.padStart(20, "0") : `${hexOf(parts[i]!)}00`)).join("");
}

/** The identity text of these field values: the value itself, or the JSON array of several. */
export const identityText = (values: readonly string[]): string =>
  values.length === 1 ? values[0]! : JSON.stringify(values);

const textList = z.array(z.string().min(1));

/**
 * An identity text's values, one per identity field; a SyncDataError (a 4xx for callers) when it does not fit the
 * entity (refreshRecord takes it from outside).
 */
export function identityParts(entity: Pick<SyncReading, "identity">, identity: string): string[] {
  const fields = identityFields(entity);
  if (fields.length === 1) return [identity];
  let parsed: unknown;
  try {
    parsed = JSON.parse(identity);
  } catch {
    parsed = undefined;
  }
  const r = textList.length(fields.length).safeParse(parsed);
  if (!r.success)
    throw new SyncIdentityError(
      `the identity "${identity.slice(0, 80)}" is not a JSON array of ${fields.length} texts (${fields.map((f) => f.field).join(", ")}), e.g. ${JSON.stringify(fields.map((f) => (f.numeric ? "1" : f.field)))}`,
    );
  return r.data;
}

export class SyncIdentityError extends KitError {
  static override readonly brand: string = "SyncIdentityError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

const VERSION_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** One store row → the record the mirror keeps; a SyncDataError when the row lacks what the declaration needs. */
export function toStoreRecord(entity: SyncEntity, row: unknown): StoreRecord {
  if (row === null || typeof row !== "object" || Array.isArray(row))
    throw new SyncDataError(`the store answered a ${entity.name} row that is not an object`);
  const values: string[] = [];
  for (const f of identityFields(entity)) {
    const id = read(row, f.field);
    if ((typeof id !== "string" && typeof id !== "number") || String(id) === "")
      throw new SyncDataError(`the store answered a ${entity.name} row without its identity field "${f.field}"`);
    if (f.numeric && !/^\d{1,19}$/.test(String(id)))
      throw new SyncDataError(
        `the store answered a ${entity.name} row whose ${f.field} "${String(id).slice(0, 40)}" is not a whole number`,
      );
    values.push(String(id));
  }
  const identity = identityText(values);
  const rawKey = read(row, entity.keyset.field);
  let key: string;
  if (entity.keyset.text) {
    if ((typeof rawKey !== "string" && typeof rawKey !== "number") || String(rawKey) === "")
      throw new SyncDataError(`the store answered ${entity.name} ${identity} without its "${entity.keyset.field}"`);
    key = String(rawKey);
  } else {
    const keyValue = Number(rawKey);
    if (!Number.isSafeInteger(keyValue) || keyValue < 0)
      throw new SyncDataError(
        `the store answered ${entity.name} ${identity} without a whole-number "${entity.keyset.field}"`,
      );
    key = String(keyValue);
  }
  let version = "";
  if (entity.version) {
    const v = read(row, entity.version.field);
    if (typeof v !== "string" || !VERSION_TEXT.test(v))
      throw new SyncDataError(
        `the store answered ${entity.name} ${identity} without a "${entity.version.field}" like 2024-05-01 12:00:00`,
      );
    version = v;
  }
  const data: Record<string, unknown> = {};
  for (const f of entity.fields) {
    const v = read(row, f);
    if (v !== undefined) data[keptName(f)] = v;
  }
  return {
    identity,
    sortKey: sortKeyOf(entity, identity),
    version,
    key,
    fingerprint: fingerprintOf(data),
    data,
  };
}

/**
 * A declared field no row of a non-empty page carries is not a field of the entity (Magento's `fields` drops
 * unknown names silently): the declaration is wrong, and the mirror would fill with holes.
 */
export function checkFieldsPresent(entity: SyncEntity, rows: readonly unknown[]): void {
  if (rows.length === 0) return;
  for (const f of entity.fields) {
    if (!rows.some((r) => read(r, f) !== undefined)) {
      throw new SyncDataError(
        `no ${entity.name} row the store answered has the field "${f}": is it a field of ${entity.path}? Fix the declaration in packages/sync/src/sync/entities/`,
      );
    }
  }
}

/** How a row read now compares with the mirror's copy. */
export type Comparison = "new" | "same" | "changed" | "older";

export function compare(
  mirror: { version: string; fingerprint: string; deleted: boolean } | undefined,
  r: Pick<StoreRecord, "version" | "fingerprint">,
): Comparison {
  if (!mirror) return "new";
  if (r.version < mirror.version) return mirror.deleted ? "new" : "older";
  if (mirror.deleted) return "new";
  if (r.version === mirror.version && r.fingerprint === mirror.fingerprint) return "same";
  return "changed";
}
