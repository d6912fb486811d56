/**
 * `refreshRecord`: one record brought up to date through the sync path, for callers that learn of a change by other
 * means (a store event, a webhook). It reads the record from the store (its list route filtered on the identity),
 * applies the same version check as the passes (never moves a record backwards: an answer older than the mirror's
 * copy is skipped as stale), updates the mirror, and delivers to the same handlers. A record the store no longer
 * has is delivered as a delete.
 *
 * An entity identified by several fields takes the identity as the mirror writes it (`["default","24-MB01"]`). A
 * plain value there is its keyset value (a stock event names a SKU, not its sources): every row the store has for
 * it is refreshed; one of its rows deleted in the store is left for the sweep (the mirror is not indexed by SKU).
 */
import type { MagentoClient } from "@magento-integration/client";
import type { Storage } from "@magento-integration/storage";
import type { SyncEntity } from "./declaration.ts";
import { applyRecords } from "./apply.ts";
import { deliverDue, type DeliveryDeps } from "./deliver.ts";
import { identityFields } from "./declaration.ts";
import { identityParts, identityText, SyncDataError, toStoreRecord, type StoreRecord } from "./records.ts";
import { sweepCriteria } from "./sweep-keyset.ts";
import { readStorePage } from "./store-page.ts";

export type RefreshOutcome = "changed" | "unchanged" | "stale" | "deleted" | "absent";

export async function refreshRecordWith(
  deps: DeliveryDeps & { storage: Storage },
  store: { installationId: string; baseUrl: string },
  entity: SyncEntity,
  client: MagentoClient,
  identity: string,
): Promise<{ outcome: RefreshOutcome; delivered: number }> {
  const fields = identityFields(entity);
  if (fields.length > 1 && !identity.startsWith("[") && fields.some((f) => f.filter === entity.keyset.filter))
    return refreshKeysetValue(deps, store, entity, client, identity);
  const parts = identityParts(entity, identity);
  // one filter group per identity field: groups are ANDed
  const page = await readStorePage(client, entity, {
    filterGroups: fields.map((f, i) => ({ filters: [{ field: f.filter, conditionType: "eq", value: parts[i]! }] })),
    sortOrders: [],
    pageSize: 2,
    currentPage: 1,
  });
  // the store matches text case-insensitively (MySQL's collation): compare each part the same way
  const wanted = parts.map((p) => p.toLowerCase()).join("\u0000");
  const records = page.rows
    .map((r) => toStoreRecord(entity, r))
    .filter(
      (r) =>
        identityParts(entity, r.identity)
          .map((p) => p.toLowerCase())
          .join("\u0000") === wanted,
    );
  if (records.length > 1)
    throw new SyncDataError(
      `the store answered ${records.length} ${entity.name} rows for ${fields.map((f) => f.field).join(" + ")} ${identity}`,
    );
  const found = records[0];
  const applied = await applyRecords(deps.storage, store.installationId, entity, found ? [found] : [], deps.now(), {
    olderIs: "skip",
    ...(found ? {} : { deletions: [identityText(parts)] }),
  });
  const d = await deliverDue(deps, store, entity.name);
  const outcome: RefreshOutcome = found
    ? applied.stale
      ? "stale"
      : applied.changes
        ? "changed"
        : "unchanged"
    : applied.changes
      ? "deleted"
      : "absent";
  return { outcome, delivered: d.delivered };
}

/**
 * Every row whose keyset value is `value` (a SKU's source items), read whole and applied; deletions wait for the
 * sweep.
 */
async function refreshKeysetValue(
  deps: DeliveryDeps & { storage: Storage },
  store: { installationId: string; baseUrl: string },
  entity: SyncEntity,
  client: MagentoClient,
  value: string,
): Promise<{ outcome: RefreshOutcome; delivered: number }> {
  const records: StoreRecord[] = [];
  for (let n = 1; ; n++) {
    const page = await readStorePage(client, entity, sweepCriteria(entity, null, { value, page: n }));
    records.push(...page.rows.map((r) => toStoreRecord(entity, r)));
    if (page.rows.length < entity.pageSize || n * entity.pageSize >= page.total) break;
  }
  const applied = await applyRecords(deps.storage, store.installationId, entity, records, deps.now(), {
    olderIs: "skip",
  });
  const d = await deliverDue(deps, store, entity.name);
  const outcome: RefreshOutcome =
    records.length === 0 ? "absent" : applied.changes ? "changed" : applied.stale ? "stale" : "unchanged";
  return { outcome, delivered: d.delivered };
}
