/**
 * Delivery from the outbox to the handlers: due changes of one (store, entity), oldest first, in batches. A batch
 * whose handler throws is tried again change by change, so one bad change does not hold the others back; each
 * failing change waits (back-off: 10 s doubling, up to 1 h) and after MAX_ATTEMPTS is parked. A record has at most
 * one change waiting (a newer one supersedes it), so a retry never delivers an older state after a newer one.
 */
import type { Logger } from "pino";
import type { Storage, OutboxChange } from "@magento-integration/storage";
import type { SyncChange, SyncHandler } from "./handler.ts";

export const BATCH_SIZE = 100;
export const MAX_ATTEMPTS = 5;
const BASE_DELAY_MS = 10_000;
const MAX_DELAY_MS = 60 * 60_000;

export interface DeliveryDeps {
  storage: Storage;
  handlers: readonly SyncHandler[];
  now: () => Date;
  log: Logger;
  fetch: typeof fetch;
}

export interface Delivered {
  delivered: number;
  retrying: number;
  parked: number;
}

/** Wait before attempt `attempts + 1` (after `attempts` failures). */
export const retryDelayMs = (attempts: number): number =>
  Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));

/** Whether any handler takes this entity's changes (when none does, they are written delivered). */
export const listenedTo = (handlers: readonly SyncHandler[], entity: string): boolean =>
  handlers.some((h) => h.entities === "*" || h.entities.includes(entity));

export async function deliverDue(
  deps: DeliveryDeps,
  store: { installationId: string; baseUrl: string },
  entity: string,
): Promise<Delivered> {
  const out: Delivered = { delivered: 0, retrying: 0, parked: 0 };
  const handlers = deps.handlers.filter((h) => h.entities === "*" || h.entities.includes(entity));
  const toChange = (c: OutboxChange): SyncChange => ({
    changeId: c.id,
    store,
    entity,
    identity: c.identity,
    operation: c.operation,
    version: c.version,
    sequence: c.sequence,
    data: c.data,
  });
  const run = async (batch: readonly SyncChange[]) => {
    for (const h of handlers)
      await h.handle(batch, { fetch: deps.fetch, log: deps.log.child({ syncHandler: h.name }) });
  };
  for (;;) {
    const due = await deps.storage.sync.due(store.installationId, entity, deps.now(), BATCH_SIZE);
    if (due.length === 0) return out;
    try {
      await run(due.map(toChange));
      await deps.storage.sync.delivered(
        due.map((c) => c.id),
        deps.now(),
      );
      out.delivered += due.length;
      continue;
    } catch (e) {
      if (due.length > 1)
        deps.log.info({ entity, err: (e as Error).message }, "a sync batch failed; delivering it change by change");
      else await fail(due[0]!, e);
      if (due.length === 1) continue;
    }
    for (const c of due) {
      try {
        await run([toChange(c)]);
        await deps.storage.sync.delivered([c.id], deps.now());
        out.delivered++;
      } catch (e) {
        await fail(c, e);
      }
    }
  }

  async function fail(c: OutboxChange, e: unknown): Promise<void> {
    const attempts = c.attempts + 1;
    const message = e instanceof Error ? e.message : String(e);
    if (attempts >= MAX_ATTEMPTS) {
      await deps.storage.sync.failed(c.id, attempts, message, "park");
      out.parked++;
      deps.log.warn({ entity, identity: c.identity, attempts, err: message }, "a sync change was parked");
    } else {
      await deps.storage.sync.failed(c.id, attempts, message, {
        at: new Date(deps.now().getTime() + retryDelayMs(attempts)),
      });
      out.retrying++;
    }
  }
}
