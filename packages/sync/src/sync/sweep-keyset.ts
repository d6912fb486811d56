/**
 * The sweep's keyset (docs/sync.md, "The sweep"): pages asked as `keyset > last value`, ascending. A whole-number
 * keyset moves on to the largest value read; a text one (a SKU) to the last value read, in the store's order (its
 * collation is not JavaScript's, so text is never compared here, only matched). When several rows share a value
 * (`keyset.unique: false`: one SKU on several sources), a full page never ends inside one value's rows: the
 * trailing value's rows are left for the next page, which starts after the value before them. A page that is one
 * value's rows alone is read whole by page number, filtered on that value.
 */
import type { SearchCriteria } from "@magento-integration/client";
import { identityFields, type SyncEntity } from "./declaration.ts";
import type { StoreRecord } from "./records.ts";

/** A page asked after `after` (null: from the start), or page `page` of the rows whose value is `only`. */
export function sweepCriteria(
  entity: SyncEntity,
  after: string | null,
  only?: { value: string; page: number },
): SearchCriteria {
  const k = entity.keyset;
  const filter = only
    ? { field: k.filter, conditionType: "eq" as const, value: only.value }
    : after === null
      ? null
      : { field: k.filter, conditionType: "gt" as const, value: after };
  // rows sharing a value come in identity order, so a page read twice holds the same rows
  const tieBreak =
    k.unique === false
      ? identityFields(entity)
          .filter((f) => f.filter !== k.filter)
          .map((f) => ({ field: f.filter, direction: "ASC" as const }))
      : [];
  return {
    filterGroups: filter ? [{ filters: [filter] }] : [],
    sortOrders: [{ field: k.filter, direction: "ASC" }, ...tieBreak],
    pageSize: entity.pageSize,
    currentPage: only?.page ?? 1,
  };
}

export type PageEnd =
  /** Apply `keep`; the next page starts after `next` (null: nothing read yet). */
  | { keep: readonly StoreRecord[]; next: string | null; oneValue?: undefined }
  /** The full page is the rows of one value: read that value whole, then go on after it. */
  | { keep: readonly StoreRecord[]; next: string; oneValue: string };

/** What of a page to apply, and where the next one starts. `full`: more rows may follow this page. */
export function pageEnd(
  entity: SyncEntity,
  records: readonly StoreRecord[],
  after: string | null,
  full: boolean,
): PageEnd {
  let keep = records;
  if (full && entity.keyset.unique === false && records.length > 0) {
    const trailing = records.at(-1)!.key;
    let cut = records.length;
    while (cut > 0 && records[cut - 1]!.key === trailing) cut--;
    if (cut === 0) return { keep: [], next: trailing, oneValue: trailing };
    keep = records.slice(0, cut);
  }
  if (entity.keyset.text) return { keep, next: keep.at(-1)?.key ?? after };
  const max = keep.reduce((m, r) => Math.max(m, Number(r.key)), after === null ? -1 : Number(after));
  return { keep, next: max >= 0 ? String(max) : null };
}

/** Whether `next` is past `after` (a page answered twice does not move the sweep on). */
export function movedOn(entity: SyncEntity, after: string | null, next: string | null): boolean {
  if (next === null) return false;
  if (after === null) return true;
  return entity.keyset.text ? next !== after : Number(next) > Number(after);
}
