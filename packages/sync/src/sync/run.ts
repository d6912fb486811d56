/**
 * One pass, sweep or refresh for an installation: the client, the store's base URL, and the error kept on the
 * cursor (shown on the Sync page with the advice table's words) when it fails. Jobs and the command line use it.
 */
import type { Logger } from "pino";
import { StoreError, type MagentoClient, KitError } from "@magento-integration/client";
import type { Storage, InstallationWithStore } from "@magento-integration/storage";
import { isPolled, type SyncEntity } from "./declaration.ts";
import type { SyncHandler } from "./handler.ts";
import { runDeltaPass, type PassResult } from "./delta-pass.ts";
import { runSweep } from "./sweep.ts";
import { refreshRecordWith, type RefreshOutcome } from "./refresh-record.ts";
import { SyncDataError } from "./records.ts";
import { SyncBusyError, withRunnerLock } from "./runner-lock.ts";
import { readingFor } from "./reading.ts";
import type { SliceEnd } from "./slice.ts";

export interface SyncServices {
  storage: Storage;
  log: Logger;
  now: () => Date;
  handlers: readonly SyncHandler[];
  /** The guarded fetch the handlers get. */
  fetch: typeof fetch;
  /** Given the installation's record, it is not read again. */
  systemClient(installation: string | InstallationWithStore, storeFetch: typeof fetch): Promise<MagentoClient | null>;
}

/** The cursor's error code for a failure: the store-advice problem, or "sync_data" for a row breaking the declaration. */
export function errorCodeOf(e: unknown): string {
  if (e instanceof SyncDataError) return "sync_data";
  if (e instanceof StoreError) return e.code;
  return "other";
}

export class SyncNotUsableError extends KitError {
  static override readonly brand: string = "SyncNotUsableError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "installation_not_usable", ...options });
  }
}

async function target(s: SyncServices, installationId: string, storeFetch: typeof fetch) {
  const inst = await s.storage.installations.byId(installationId);
  if (!inst) throw new SyncNotUsableError(`no store with id "${installationId}"`);
  const client = await s.systemClient(inst, storeFetch);
  if (!client) throw new SyncNotUsableError("the store has no usable credentials (reauthorize it in the store admin)");
  return { store: { installationId, baseUrl: inst.store.baseUrl }, client };
}

async function recordingErrors<T>(
  s: SyncServices,
  installationId: string,
  entity: SyncEntity,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof SyncBusyError) throw e; // another runner has it: not a failure of the entity
    const code = e instanceof SyncNotUsableError ? "installation_not_usable" : errorCodeOf(e);
    await s.storage.sync
      .saveCursor(installationId, entity.name, {
        errorCode: code,
        error: (e as Error).message.slice(0, 1000),
        errorAt: s.now(),
      })
      .catch((err: unknown) => s.log.error({ err: (err as Error).message }, "could not record a sync error"));
    throw e;
  }
}

export function syncRun(s: SyncServices) {
  const deps = { storage: s.storage, handlers: s.handlers, now: s.now, log: s.log, fetch: s.fetch };
  return {
    pass: (
      installationId: string,
      entity: SyncEntity,
      storeFetch: typeof fetch,
      until: SliceEnd,
    ): Promise<PassResult> =>
      recordingErrors(s, installationId, entity, async () => {
        const t = await target(s, installationId, storeFetch);
        return withRunnerLock(s.storage, s.now, installationId, entity.name, async (lock) => {
          // an entity swept only (no version in any reading) costs its pass no request
          const reading = isPolled(entity) ? await readingFor(s.storage, installationId, entity, t.client) : entity;
          return runDeltaPass({ ...deps, guard: lock.guard }, t.store, reading, t.client, until);
        });
      }),
    sweep: (installationId: string, entity: SyncEntity, storeFetch: typeof fetch, until: SliceEnd) =>
      recordingErrors(s, installationId, entity, async () => {
        const t = await target(s, installationId, storeFetch);
        return withRunnerLock(s.storage, s.now, installationId, entity.name, async (lock) => {
          const reading = await readingFor(s.storage, installationId, entity, t.client);
          return runSweep({ ...deps, guard: lock.guard }, t.store, reading, t.client, until);
        });
      }),
    refresh: async (
      installationId: string,
      entity: SyncEntity,
      identity: string,
      storeFetch: typeof fetch,
    ): Promise<{ outcome: RefreshOutcome; delivered: number }> => {
      const t = await target(s, installationId, storeFetch);
      const reading = await readingFor(s.storage, installationId, entity, t.client);
      return refreshRecordWith(deps, t.store, reading, t.client, identity);
    },
  };
}
