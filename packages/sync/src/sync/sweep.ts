/**
 * The reconciliation sweep of one (store, entity) (docs/sync.md, "The sweep"): every row, by keyset, with the
 * declaration's `fields` projection; each compared with the mirror by fingerprint. It finds what a poll on
 * `updated_at` cannot: content changed without `updated_at` moving (stock saves, the admin's mass attribute update,
 * image changes: magento/magento2 #37670, #37980, #8280) and records that are gone (deletions). The keyset
 * (packages/sync/src/sync/sweep-keyset.ts) may be a number or text, unique or shared by several rows. Cost: ⌈rows / page size⌉
 * requests (total_count says when a page is the last); the next page is read while one is applied. Resumable: the
 * keyset position and the sweep's start are saved with each page; what the sweep did not see since it started is
 * deleted at its end.
 */
import type { MagentoClient } from "@magento-integration/client";
import type { Storage } from "@magento-integration/storage";
import type { SyncEntity } from "./declaration.ts";
import { applyRecords } from "./apply.ts";
import { deliverDue, listenedTo, type DeliveryDeps } from "./deliver.ts";
import { checkFieldsPresent, toStoreRecord, type StoreRecord } from "./records.ts";
import { movedOn, pageEnd, sweepCriteria } from "./sweep-keyset.ts";
import { readStorePage } from "./store-page.ts";
import { MAX_STALLS, type PassResult } from "./delta-pass.ts";
import { SyncDataError } from "./records.ts";
import { sliceOver, type SliceEnd } from "./slice.ts";

const DELETE_CHUNK = 500;

export async function runSweep(
  deps: DeliveryDeps & { storage: Storage; guard?: (tx: Storage) => Promise<void> },
  store: { installationId: string; baseUrl: string },
  entity: SyncEntity,
  client: MagentoClient,
  until: SliceEnd,
): Promise<PassResult & { deleted: number }> {
  const result = {
    state: "done" as PassResult["state"],
    requests: 0,
    rows: 0,
    changes: 0,
    delivered: 0,
    parked: 0,
    deleted: 0,
  };
  const { installationId } = store;
  const cursor = await deps.storage.sync.cursor(installationId, entity.name);
  if (cursor?.paused) return { ...result, state: "paused" };
  let startedAt = cursor?.sweepStartedAt ?? null;
  let afterKey = cursor?.sweepAfter ?? null;
  if (!startedAt) {
    startedAt = deps.now();
    afterKey = null;
    await deps.storage.sync.saveCursor(installationId, entity.name, { sweepStartedAt: startedAt, sweepAfter: null });
  }
  const unheard = !listenedTo(deps.handlers, entity.name);
  const addDelivery = async () => {
    const d = await deliverDue(deps, store, entity.name);
    result.delivered += d.delivered;
    result.parked += d.parked;
  };
  const readRecords = async (criteria: Parameters<typeof sweepCriteria>) => {
    const page = await readStorePage(client, entity, sweepCriteria(...criteria));
    result.requests++;
    const records = page.rows.map((r) => toStoreRecord(entity, r));
    checkFieldsPresent(entity, page.rows);
    return { page, records };
  };
  /** Every row of one keyset value, by page number (the value alone fills a page: a SKU on 300 sources). */
  const readWholeValue = async (value: string): Promise<StoreRecord[]> => {
    const all: StoreRecord[] = [];
    for (let n = 1; ; n++) {
      const { page, records } = await readRecords([entity, null, { value, page: n }]);
      all.push(...records);
      // past the last page Magento answers the last page again: total_count says where to stop
      if (page.rows.length < entity.pageSize || n * entity.pageSize >= page.total) return all;
    }
  };
  let stalls = 0;
  // the next page is read while this one is applied and delivered (its position is known once this page is read),
  // as in the delta pass; a read-ahead never used (a failed write, the slice's end) changes nothing
  let ahead: ReturnType<typeof readRecords> | null = null;
  const readAfter = (at: string | null) => {
    const p = readRecords([entity, at]);
    p.catch(() => {}); // awaited (and its failure thrown) when the page is used
    return p;
  };
  for (;;) {
    if (sliceOver(until, deps.now())) return { ...result, state: "more" };
    const { page, records } = await (ahead ?? readAfter(afterKey));
    ahead = null;
    const full = page.rows.length >= entity.pageSize && page.total > page.rows.length;
    const end = pageEnd(entity, records, afterKey, full);
    if (full) {
      if (movedOn(entity, afterKey, end.next)) {
        afterKey = end.next;
        stalls = 0;
      } else stalls++;
      if (stalls < MAX_STALLS) ahead = readAfter(afterKey);
    }
    const keep = end.oneValue === undefined ? end.keep : await readWholeValue(end.oneValue);
    const applied = await applyRecords(deps.storage, installationId, entity, keep, deps.now(), {
      olderIs: "error",
      unheard,
      guard: deps.guard,
      cursor: { sweepAfter: end.next },
    });
    result.rows += keep.length;
    result.changes += applied.changes;
    if (unheard) result.delivered += applied.changes;
    await addDelivery();
    if (!full) break;
    if (stalls >= MAX_STALLS)
      // ending here would take every row not reached yet for deleted
      throw new SyncDataError(
        `the store answered the same ${entity.name} rows ${MAX_STALLS} times for the next page: it does not apply the ${entity.keyset.filter} filter`,
      );
  }
  // what the sweep did not see since it started is gone from the store
  for (;;) {
    const gone = await deps.storage.sync.unseenSince(installationId, entity.name, startedAt, DELETE_CHUNK);
    if (gone.length === 0) break;
    const applied = await applyRecords(deps.storage, installationId, entity, [], deps.now(), {
      olderIs: "error",
      unheard,
      guard: deps.guard,
      deletions: gone.map((g) => g.identity),
    });
    result.deleted += applied.changes;
    result.changes += applied.changes;
    if (unheard) result.delivered += applied.changes;
    await addDelivery();
  }
  await deps.storage.sync.saveCursor(installationId, entity.name, {
    sweepStartedAt: null,
    sweepAfter: null,
    lastSweepAt: deps.now(),
    errorCode: null,
    error: null,
    errorAt: null,
  });
  return result;
}
