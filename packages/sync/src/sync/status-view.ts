/**
 * What the Sync page shows of one store, as data: the page renders it and GET /api/stores/<id>/sync answers it as
 * JSON, so both say the same thing in the same words (states here, errors from the advice table).
 */
import type { SyncCursor } from "@magento-integration/storage";
import { syncErrorView, type SyncErrorView } from "./error-view.ts";

export type SyncStateTone = "neutral" | "danger" | "info" | "success";

/** An entity's state in a word (and the badge tone the page gives it). */
export function syncStateOf(c: SyncCursor | null): { label: string; tone: SyncStateTone } {
  if (c?.paused) return { label: "paused", tone: "neutral" };
  if (c?.error) return { label: "failing", tone: "danger" };
  if (!c?.lastPassAt && !c?.lastSweepAt && !c?.backfillDone) return { label: "not started", tone: "neutral" };
  if (c && !c.backfilledAt && c.backfillDone > 0)
    return { label: `backfill ${c.backfillDone}${c.backfillTotal ? ` of ${c.backfillTotal}` : ""}`, tone: "info" };
  return { label: "in sync", tone: "success" };
}

export interface SyncEntityView {
  entity: string;
  label: string;
  state: string;
  paused: boolean;
  lastPassAt: Date | null;
  lastSweepAt: Date | null;
  /** How far the mirror is behind the store's clock, in seconds; null before the first pass or sweep. */
  lagSeconds: number | null;
  /** Live records in the mirror. */
  mirrored: number;
  backfill: { done: number; total: number | null; finishedAt: Date | null };
  /** A pass or sweep is running now (a runner holds the entity). */
  running: boolean;
  error: (SyncErrorView & { code: string | null; at: Date | null }) | null;
}

/** One entity as the page shows it. Who holds the runner lock (a host and pid) stays out. */
export function syncEntityView(
  s: { entity: string; label: string; cursor: SyncCursor | null; lagSeconds: number | null; mirrored: number },
  now: Date,
): SyncEntityView {
  const c = s.cursor;
  const error = syncErrorView(c?.errorCode ?? null, c?.error ?? null);
  return {
    entity: s.entity,
    label: s.label,
    state: syncStateOf(c).label,
    paused: c?.paused ?? false,
    lastPassAt: c?.lastPassAt ?? null,
    lastSweepAt: c?.lastSweepAt ?? null,
    lagSeconds: s.lagSeconds,
    mirrored: s.mirrored,
    backfill: { done: c?.backfillDone ?? 0, total: c?.backfillTotal ?? null, finishedAt: c?.backfilledAt ?? null },
    running: Boolean(c?.lockedUntil && c.lockedUntil > now),
    error: error ? { ...error, code: c?.errorCode ?? null, at: c?.errorAt ?? null } : null,
  };
}
