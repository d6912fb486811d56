/**
 * A synced entity, declared once (like a grid): the list it reads, the fields it keeps, how a record is identified
 * and versioned, how the store is paged, and how often. packages/sync/src/sync/registry.ts lists the declarations; nothing else
 * names an entity. docs/sync.md explains each choice; README "Sync" shows how to add one.
 */
import { z } from "zod";
import { validateFields, KitError } from "@magento-integration/client";

/** One field of a record's identity: the row field, the filter field that selects it, and whether it is a number. */
export interface SyncIdentityField {
  field: string;
  filter: string;
  numeric: boolean;
}

/** How the store is read: one list route and what its rows are. An entity has one, and may name a fallback. */
export interface SyncReading {
  /** The store's list route (searchCriteria), e.g. "/V1/orders". */
  path: string;
  /**
   * The record's fields, as the store names them (the list's `fields` projection; the mirror keeps only these).
   * `a.b.c` reads a nested field and keeps it under its last name (`qty` from `extension_attributes.stock_item.qty`).
   */
  fields: readonly string[];
  /**
   * The identity: one field, or a list of fields that together name a record (a source item is source_code + sku).
   * With a list, the identity text is the JSON array of the values as text (`["default","24-MB01"]`) and records
   * sort by the first field, then the next.
   */
  identity: SyncIdentityField | readonly SyncIdentityField[];
  /**
   * The keyset the store is paged by: an ascending column (filter name) and its row field. `text`: the column is
   * text (a SKU), not a whole number. `unique: false`: several rows share a value (a SKU's sources); a sweep page
   * then never ends inside one value's rows. A delta pass needs a unique whole-number keyset.
   */
  keyset: { filter: string; field: string; text?: boolean; unique?: boolean };
  /**
   * The store's version column (`updated_at`, filter and row field), or null: the entity has none the store keeps
   * honestly (stock), so it is only swept.
   */
  version: { filter: string; field: string } | null;
}

export interface SyncEntity extends SyncReading {
  /** The name on the command line, in the mirror and in handlers: lowercase, e.g. "orders". */
  name: string;
  label: string;
  /**
   * Read instead when the store does not have `path` (404 "Request does not match any route": the module is not
   * installed, e.g. MSI). Chosen once per store and kept on its cursor; Resync from scratch chooses again.
   */
  fallback?: SyncReading;
  /** Seconds between delta passes, and between sweeps. */
  intervalSeconds: number;
  sweepIntervalSeconds: number;
  /** Rows per request (≤ 300, Magento's input limit). */
  pageSize: number;
}

export class SyncDeclarationError extends KitError {
  static override readonly brand: string = "SyncDeclarationError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "misconfigured", ...options });
  }
}

const fieldName = z
  .string()
  .regex(/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*$/, "a field is snake_case names joined by dots");
const identityField = z.strictObject({ field: fieldName, filter: z.string().min(1), numeric: z.boolean() });
const readingSchema = {
  path: z.string().regex(/^\/V1\/[A-Za-z0-9/_-]+$/, "path: a list route such as /V1/orders"),
  fields: z.array(fieldName).min(1),
  identity: z.union([identityField, z.array(identityField).min(1).max(4)]),
  keyset: z.strictObject({
    filter: z.string().min(1),
    field: fieldName,
    text: z.boolean().optional(),
    unique: z.boolean().optional(),
  }),
  version: z.strictObject({ filter: z.string().min(1), field: fieldName }).nullable(),
};
const declarationSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, "name: lowercase letters, digits, - and _"),
  label: z.string().min(1),
  ...readingSchema,
  fallback: z.strictObject(readingSchema).optional(),
  intervalSeconds: z.number().int().min(5),
  sweepIntervalSeconds: z.number().int().min(60),
  pageSize: z.number().int().min(1).max(300),
});

/** The identity's fields, in sort order. */
export const identityFields = (d: Pick<SyncReading, "identity">): readonly SyncIdentityField[] =>
  Array.isArray(d.identity) ? d.identity : [d.identity as SyncIdentityField];

/** The entity as read from a store: its own reading, or its fallback's (what the cursor chose). */
export function readingOf(entity: SyncEntity, fallback: boolean): SyncEntity {
  const { fallback: other, ...own } = entity;
  return fallback && other ? { ...own, ...other } : own;
}

/** Whether delta passes read the entity: one of its readings has a version (else it is swept only). */
export const isPolled = (entity: SyncEntity): boolean =>
  entity.version !== null || (entity.fallback?.version ?? null) !== null;

/** The last segment of a field path: the key the mirror keeps it under. */
export const keptName = (field: string): string => field.slice(field.lastIndexOf(".") + 1);

/**
 * Checks a declaration (zod) and that identity, keyset and version are among its fields; throws a
 * SyncDeclarationError naming what to fix.
 */
export function defineSyncEntity(d: SyncEntity): SyncEntity {
  const r = declarationSchema.safeParse(d);
  if (!r.success)
    throw new SyncDeclarationError(
      `sync entity "${String(d.name)}": ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  checkReading(`sync entity "${d.name}"`, d);
  if (d.fallback) checkReading(`sync entity "${d.name}", its fallback`, d.fallback);
  return d;
}

function checkReading(what: string, d: SyncReading): void {
  for (const [role, field] of [
    ...identityFields(d).map((f) => ["identity", f.field] as const),
    ["keyset", d.keyset.field],
    ["version", d.version?.field],
  ] as const) {
    if (field !== undefined && !d.fields.includes(field))
      throw new SyncDeclarationError(`${what}: its ${role} field "${field}" must be one of its fields`);
  }
  if (d.version && (d.keyset.text || d.keyset.unique === false))
    throw new SyncDeclarationError(
      `${what}: a delta pass pages by ${d.version.filter} then a unique whole-number keyset; make the keyset one (e.g. entity_id), or the version null to sweep only`,
    );
  const kept = d.fields.map(keptName);
  const twice = kept.find((k, i) => kept.indexOf(k) !== i);
  if (twice) throw new SyncDeclarationError(`${what}: two fields are kept as "${twice}"`);
  validateFields(projection(d));
}

/** The `fields` query of a list page: `items[…],total_count`. */
export function projection(d: Pick<SyncEntity, "fields">): string {
  return `items[${fieldsProjection(d.fields)}],total_count`;
}

/** `a.b.c,a.b.d,e` → `a[b[c,d]],e` (Magento's nested `fields` syntax). */
function fieldsProjection(fields: readonly string[]): string {
  const tree = new Map<string, string[]>();
  const order: string[] = [];
  for (const f of fields) {
    const dot = f.indexOf(".");
    const head = dot === -1 ? f : f.slice(0, dot);
    if (!tree.has(head)) {
      tree.set(head, []);
      order.push(head);
    }
    if (dot !== -1) tree.get(head)!.push(f.slice(dot + 1));
  }
  return order.map((h) => (tree.get(h)!.length ? `${h}[${fieldsProjection(tree.get(h)!)}]` : h)).join(",");
}
