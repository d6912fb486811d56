/**
 * `refreshRecord`: one record brought up to date through the sync path, for callers that learn of a change by other
 * means (a store event, a webhook). It reads the record from the store (its list route filtered on the identity),
 * applies the same version check as the passes (never moves a record backwards: an answer older than the mirror's
 * copy is skipped as stale), updates the mirror, and delivers to the same handlers. A record the store no longer
 * has is delivered as a delete.
 */
import type { MagentoClient } from "@/lib/magento";
import type { Storage } from "@/lib/storage/storage";
import type { SyncEntity } from "./declaration";
import { applyRecords } from "./apply";
import { deliverDue, type DeliveryDeps } from "./deliver";
import { SyncDataError, toStoreRecord } from "./records";
import { readStorePage } from "./store-page";

export type RefreshOutcome = "changed" | "unchanged" | "stale" | "deleted" | "absent";

export async function refreshRecordWith(
  deps: DeliveryDeps & { storage: Storage },
  store: { installationId: string; baseUrl: string },
  entity: SyncEntity,
  client: MagentoClient,
  identity: string,
): Promise<{ outcome: RefreshOutcome; delivered: number }> {
  const page = await readStorePage(client, entity, {
    filterGroups: [{ filters: [{ field: entity.identity.filter, conditionType: "eq", value: identity }] }],
    sortOrders: [],
    pageSize: 2,
    currentPage: 1,
  });
  const records = page.rows
    .map((r) => toStoreRecord(entity, r))
    .filter((r) => r.identity.toLowerCase() === identity.toLowerCase());
  if (records.length > 1)
    throw new SyncDataError(
      `the store answered ${records.length} ${entity.name} rows for ${entity.identity.field} ${identity}`,
    );
  const found = records[0];
  const applied = await applyRecords(deps.storage, store.installationId, entity, found ? [found] : [], deps.now(), {
    olderIs: "skip",
    ...(found ? {} : { deletions: [identity] }),
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
