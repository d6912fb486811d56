/**
 * The delta pass of one (store, entity) (docs/sync.md, "The delta pass"):
 * - the upper bound T0 is the store's own clock (the Date header of the pass's first answer: stores drift), and
 *   rows changed after it wait for the next pass;
 * - rows are sorted `updated_at ASC, entity_id ASC` and paged by keyset, never by offset: the next page is
 *   `updated_at >= t AND (updated_at > t OR entity_id > k)` (filter groups are ANDed, the filters of a group
 *   ORed), so rows changing meanwhile can neither be skipped nor make the pages shift (magento/magento2 #25001,
 *   #38461);
 * - each pass starts OVERLAP_SECONDS before the watermark (a save that committed late, or in the same second as
 *   the last read), and de-duplication by version delivers a row read twice once;
 * - each page's changes go to the outbox with the mirror rows and the watermark move in one transaction, and are
 *   delivered before the next page is read; a crash resumes at the last page written.
 * The first pass of a store is the backfill: the same pass from no watermark, with progress (total_count).
 */
import type { MagentoClient, SearchCriteria, SearchFilterGroup } from "@magento-integration/client";
import type { Storage } from "@magento-integration/storage";
import type { SyncEntity } from "./declaration.ts";
import { applyRecords } from "./apply.ts";
import { deliverDue, listenedTo, type DeliveryDeps } from "./deliver.ts";
import { checkFieldsPresent, SyncDataError, toStoreRecord } from "./records.ts";
import { readStorePage, type StorePage } from "./store-page.ts";
import { versionMinus, versionText } from "./store-clock.ts";
import { sliceOver, type SliceEnd } from "./slice.ts";

/** How far before the watermark each pass starts reading again. */
export const OVERLAP_SECONDS = 5;
/** A full page that does not move the keyset on (a page answered twice) is asked again; this many in a row is an error. */
export const MAX_STALLS = 3;

export interface PassResult {
  state: "done" | "more" | "paused" | "skipped";
  requests: number;
  rows: number;
  changes: number;
  delivered: number;
  parked: number;
}

interface Position {
  version: string;
  /** -1: every row of `version` (the start of a pass). */
  key: number;
}

function criteria(entity: SyncEntity, pos: Position | null, upper: string | null): SearchCriteria {
  const v = entity.version!;
  const groups: SearchFilterGroup[] = [];
  if (pos) {
    groups.push({ filters: [{ field: v.filter, conditionType: "gteq", value: pos.version }] });
    if (pos.key >= 0) {
      groups.push({
        filters: [
          { field: v.filter, conditionType: "gt", value: pos.version },
          { field: entity.keyset.filter, conditionType: "gt", value: String(pos.key) },
        ],
      });
    }
  }
  if (upper) groups.push({ filters: [{ field: v.filter, conditionType: "lteq", value: upper }] });
  return {
    filterGroups: groups,
    sortOrders: [
      { field: v.filter, direction: "ASC" },
      { field: entity.keyset.filter, direction: "ASC" },
    ],
    pageSize: entity.pageSize,
    currentPage: 1,
  };
}

const after = (a: Position, b: Position): boolean =>
  a.version > b.version || (a.version === b.version && a.key > b.key);

export async function runDeltaPass(
  deps: DeliveryDeps & { storage: Storage; guard?: (tx: Storage) => Promise<void> },
  store: { installationId: string; baseUrl: string },
  entity: SyncEntity,
  client: MagentoClient,
  until: SliceEnd,
): Promise<PassResult> {
  const result: PassResult = { state: "done", requests: 0, rows: 0, changes: 0, delivered: 0, parked: 0 };
  const { installationId } = store;
  const cursor = await deps.storage.sync.cursor(installationId, entity.name);
  if (cursor?.paused) return { ...result, state: "paused" };
  const unheard = !listenedTo(deps.handlers, entity.name);
  const addDelivery = async () => {
    const d = await deliverDue(deps, store, entity.name);
    result.delivered += d.delivered;
    result.parked += d.parked;
  };
  await addDelivery(); // retries that came due
  if (!entity.version) return { ...result, state: "skipped" }; // swept only
  const backfilling = !cursor?.backfilledAt;
  let backfillDone = cursor?.backfillDone ?? 0;
  let mark: Position | null = cursor?.markVersion
    ? { version: cursor.markVersion, key: Number(cursor.markKey ?? -1) }
    : null;
  let pos: Position | null = mark ? { version: versionMinus(mark.version, OVERLAP_SECONDS), key: -1 } : null;
  let upper: string | null = null;
  let storeNow: Date | null = null;
  let stalls = 0;
  // the next page is read while this one is written and delivered (its position is known once this page is
  // read): the pass goes at the pace of the slower of the two, not of their sum. A read-ahead whose page is
  // never used (a failed write, the slice's end) changes nothing: only a written page moves the watermark.
  let ahead: Promise<StorePage> | null = null;
  const read = (at: Position | null) => {
    result.requests++;
    const p = readStorePage(client, entity, criteria(entity, at, upper));
    p.catch(() => {}); // awaited (and its failure thrown) when the page is used
    return p;
  };
  for (;;) {
    if (sliceOver(until, deps.now())) return { ...result, state: "more" };
    const page = await (ahead ?? read(pos));
    ahead = null;
    if (upper === null) {
      // T0: the store's clock; without a Date header, the newest row we can trust is the one read now
      storeNow = page.storeNow ?? deps.now();
      upper = versionText(storeNow);
    }
    const records = page.rows.map((r) => toStoreRecord(entity, r));
    checkFieldsPresent(entity, page.rows);
    let prev: Position | null = null;
    for (const r of records) {
      const p = { version: r.version, key: Number(r.key) };
      if (prev && after(prev, p))
        throw new SyncDataError(
          `the store answered ${entity.name} out of the order asked (updated_at, then ${entity.keyset.filter}, ascending)`,
        );
      prev = p;
    }
    const inRange = records.filter((r) => r.version <= upper!);
    const last = inRange.at(-1);
    const lastPos = last ? { version: last.version, key: Number(last.key) } : null;
    // rows at or before the position (a page answered twice) change nothing of the position
    const nextMark = lastPos && (!mark || after(lastPos, mark)) ? lastPos : mark;
    const firstOfBackfill = backfilling && cursor?.backfillTotal == null && result.requests === 1;
    const reachedEnd =
      page.rows.length < entity.pageSize || inRange.length < records.length || page.total <= page.rows.length;
    const moved = lastPos !== null && (!pos || after(lastPos, pos));
    if (!reachedEnd) {
      if (moved) {
        pos = lastPos;
        stalls = 0;
      } else stalls++;
      if (stalls < MAX_STALLS) ahead = read(pos);
    }
    backfillDone += backfilling ? inRange.length : 0;
    const applied = await applyRecords(deps.storage, installationId, entity, inRange, deps.now(), {
      olderIs: "error",
      unheard,
      guard: deps.guard,
      // a page that moves nothing (the overlap read again by an idle pass) and changed nothing writes nothing
      unchangedWritesNothing: nextMark === mark && !backfilling,
      cursor: {
        ...(nextMark ? { markVersion: nextMark.version, markKey: String(nextMark.key) } : {}),
        ...(firstOfBackfill ? { backfillTotal: page.total } : {}),
        ...(backfilling ? { backfillDone } : {}),
      },
    });
    result.rows += inRange.length;
    result.changes += applied.changes;
    if (unheard) result.delivered += applied.changes;
    mark = nextMark;
    // this page's changes reach the handlers before the next page is used; a page with none leaves retries that
    // came due meanwhile to the next pass's start (an idle pass: one statement fewer)
    if (applied.changes > 0) await addDelivery();
    if (reachedEnd) break;
    if (stalls >= MAX_STALLS)
      throw new SyncDataError(
        `the store answered the same ${entity.name} rows ${MAX_STALLS} times for the next page: it does not apply the ${entity.keyset.filter} filter`,
      );
  }
  await deps.storage.sync.saveCursor(installationId, entity.name, {
    lastPassAt: deps.now(),
    storeNow,
    errorCode: null,
    error: null,
    errorAt: null,
    ...(backfilling ? { backfilledAt: deps.now() } : {}),
  });
  return result;
}
