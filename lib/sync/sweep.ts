/**
 * The reconciliation sweep of one (store, entity) (docs/sync.md, "The sweep"): every row, by keyset on the entity
 * id, with the declaration's `fields` projection; each compared with the mirror by fingerprint. It finds what a
 * poll on `updated_at` cannot: content changed without `updated_at` moving (stock saves, the admin's mass attribute
 * update, image changes: magento/magento2 #37670, #37980, #8280) and records that are gone (deletions). Cost:
 * ⌈rows / page size⌉ requests (total_count says when a page is the last). Resumable: the keyset position and the
 * sweep's start are saved with each page; what the sweep did not see since it started is deleted at its end.
 */
import type { MagentoClient, SearchCriteria } from "@/lib/magento";
import type { Storage } from "@/lib/storage/storage";
import type { SyncEntity } from "./declaration";
import { applyRecords } from "./apply";
import { deliverDue, listenedTo, type DeliveryDeps } from "./deliver";
import { checkFieldsPresent, toStoreRecord } from "./records";
import { readStorePage } from "./store-page";
import { MAX_STALLS, type PassResult } from "./delta-pass";
import { SyncDataError } from "./records";

const DELETE_CHUNK = 500;

function criteria(entity: SyncEntity, afterKey: number | null): SearchCriteria {
  return {
    filterGroups:
      afterKey === null
        ? []
        : [{ filters: [{ field: entity.keyset.filter, conditionType: "gt", value: String(afterKey) }] }],
    sortOrders: [{ field: entity.keyset.filter, direction: "ASC" }],
    pageSize: entity.pageSize,
    currentPage: 1,
  };
}

export async function runSweep(
  deps: DeliveryDeps & { storage: Storage; guard?: (tx: Storage) => Promise<void> },
  store: { installationId: string; baseUrl: string },
  entity: SyncEntity,
  client: MagentoClient,
  until: Date,
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
  let afterKey = cursor?.sweepAfter ? Number(cursor.sweepAfter) : null;
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
  let stalls = 0;
  for (;;) {
    if (deps.now() >= until) return { ...result, state: "more" };
    const page = await readStorePage(client, entity, criteria(entity, afterKey));
    result.requests++;
    const records = page.rows.map((r) => toStoreRecord(entity, r));
    checkFieldsPresent(entity, page.rows);
    const maxKey = records.reduce((m, r) => Math.max(m, r.key), afterKey ?? -1);
    const applied = await applyRecords(deps.storage, installationId, entity, records, deps.now(), {
      olderIs: "error",
      unheard,
      guard: deps.guard,
      cursor: { sweepAfter: maxKey >= 0 ? String(maxKey) : null },
    });
    result.rows += records.length;
    result.changes += applied.changes;
    if (unheard) result.delivered += applied.changes;
    await addDelivery();
    if (page.rows.length < entity.pageSize || page.total <= page.rows.length) break;
    if (maxKey > (afterKey ?? -1)) {
      afterKey = maxKey;
      stalls = 0;
    } else if (++stalls >= MAX_STALLS) {
      // ending here would take every row not reached yet for deleted
      throw new SyncDataError(
        `the store answered the same ${entity.name} rows ${MAX_STALLS} times for the next page: it does not apply the ${entity.keyset.filter} filter`,
      );
    }
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
