/**
 * The bulk edit preview against what the store holds (packages/sync/src/bulk/mirror.ts): SKUs the store does not have, and each
 * valid row's changes, old → new. Values are compared as numbers where both are numbers ("34" and "34.00" are
 * the same price). With no mirror there is nothing to compare: `mirrored` is false.
 */
import type { MirrorLookup } from "./mirror.ts";
import type { BulkPreview } from "./form-state.ts";
import { EDIT_FIELDS, type EditField, type EditRow } from "./product-rows.ts";

export interface FieldChange {
  field: EditField;
  from: string;
  to: string;
}

export interface MirrorPreview {
  mirrored: boolean;
  /** Valid rows whose SKU the store does not have (the store refuses them, or makes a new product). */
  unknown: Array<{ row: number; sku: string }>;
  /** Valid rows that change something, with what changes (fields the mirror does not hold are not listed). */
  changes: Array<{ row: number; sku: string; changes: FieldChange[] }>;
  /** Valid rows whose values all equal the store's. */
  unchanged: number;
}

const same = (a: string, b: string) => {
  const x = Number(a);
  const y = Number(b);
  return a.trim() !== "" && b.trim() !== "" && Number.isFinite(x) && Number.isFinite(y) ? x === y : a === b;
};

export async function previewAgainstMirror(
  lookup: MirrorLookup,
  installationId: string,
  rows: readonly EditRow[],
): Promise<MirrorPreview> {
  const valid = rows.filter((r) => r.element);
  const current = await lookup.current(
    installationId,
    valid.map((r) => r.sku),
  );
  if (!current) return { mirrored: false, unknown: [], changes: [], unchanged: 0 };
  const out: MirrorPreview = { mirrored: true, unknown: [], changes: [], unchanged: 0 };
  for (const r of valid) {
    const now = current.get(r.sku);
    if (!now) {
      out.unknown.push({ row: r.row, sku: r.sku });
      continue;
    }
    const changes: FieldChange[] = [];
    for (const field of EDIT_FIELDS) {
      const to = r.fields[field];
      const from = now[field];
      if (to === undefined || to.trim() === "" || from === undefined || same(from, to)) continue;
      changes.push({ field, from, to });
    }
    if (changes.length) out.changes.push({ row: r.row, sku: r.sku, changes });
    else out.unchanged++;
  }
  return out;
}

/** Magento's codes for the coded fields (catalog_product_entity status and visibility), in the admin's words. */
const CODE_WORDS: Partial<Record<EditField, Record<string, string>>> = {
  status: { "1": "enabled", "2": "disabled" },
  visibility: { "1": "not visible", "2": "catalog", "3": "search", "4": "catalog, search" },
};

/** A value as a person reads it: a coded field's code with its meaning ("2 (disabled)"), others as they are. */
export function valueInWords(field: EditField, value: string): string {
  const word = CODE_WORDS[field]?.[String(Number(value))];
  return word ? `${value} (${word})` : value;
}

/** Most invalid rows listed in the preview (the count says how many there are). */
export const PREVIEW_ROWS = 200;
/** Most unknown SKUs listed in the preview's warning (the count says how many there are). */
export const UNKNOWN_LISTED = 20;

/** The preview of a read file against the store's mirror, trimmed to what the page lists. */
export function previewOf(fileName: string, rows: readonly EditRow[], against: MirrorPreview): BulkPreview {
  const invalid = rows.filter((r) => !r.element);
  return {
    fileName,
    total: rows.length,
    valid: rows.length - invalid.length,
    invalid: invalid.slice(0, PREVIEW_ROWS).map((r) => ({ row: r.row, sku: r.sku, error: r.error ?? "invalid" })),
    mirrored: against.mirrored,
    unknown: against.unknown.slice(0, UNKNOWN_LISTED),
    unknownCount: against.unknown.length,
    changes: against.changes.slice(0, PREVIEW_ROWS).map((r) => ({
      ...r,
      changes: r.changes.map((c) => ({
        field: c.field,
        from: valueInWords(c.field, c.from),
        to: valueInWords(c.field, c.to),
      })),
    })),
    changeCount: against.changes.length,
    unchanged: against.unchanged,
  };
}
