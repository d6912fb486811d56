/** How far a store's mirror is behind the store: the Sync page and the `kit_sync_lag_seconds` metric say the same. */
import { versionDate } from "./store-clock.ts";
import type { SyncCursor } from "@magento-integration/storage";

type LagInputs = Pick<SyncCursor, "lastPassAt" | "storeNow" | "markVersion" | "lastSweepAt">;

/**
 * How far the mirror is behind the store's clock: the store's time now (its clock at the last pass, moved on by the
 * time since) minus what the mirror holds up to (that clock once a pass completed, the watermark while a backfill
 * runs). Null before any pass; entities without a version (stock) are measured from their last sweep.
 */
export function lagSeconds(c: LagInputs | null, now: Date): number | null {
  if (!c) return null;
  const since = (t: Date) => Math.max(0, Math.round((now.getTime() - t.getTime()) / 1000));
  if (c.lastPassAt && c.storeNow) return since(c.lastPassAt);
  if (c.markVersion) return since(versionDate(c.markVersion));
  if (c.lastSweepAt) return since(c.lastSweepAt);
  return null;
}
