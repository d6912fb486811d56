/**
 * What every namespace of the kit shares (lib/kit.ts builds it once): environment, storage, secret box, logger,
 * clock, the guarded store fetch, the job queue and this process's worker, if it runs one.
 */
import type { Logger } from "pino";
import type { Env } from "@/lib/env";
import type { SecretBox, Storage } from "@magento-integration/storage";
import type { IntegrationDeps } from "@magento-integration/handshake";
import type { Lookup } from "@magento-integration/client/net";
import type { JobQueue, JobToSend, SendOptions, Worker } from "@magento-integration/storage/jobs";
import type { Mailer } from "@magento-integration/handshake/mail";

export interface KitCore {
  env: Env;
  storage: Storage;
  box: SecretBox;
  log: Logger;
  now: () => Date;
  /** The guarded store fetch (private addresses refused at connect time): every call to a store or portal. */
  fetch: typeof fetch;
  lookup: Lookup | undefined;
  queue: JobQueue;
  /** This process's worker (null: WORKER=off, or not started yet). */
  worker: Worker | null;
  handshake: IntegrationDeps["handshake"];
  /** The app's mailer (SMTP, the dev outbox, or unconfigured), built on first use. */
  mailer(): Mailer;
  /** The handshake's dependencies; `storeFetch` defaults to the guarded fetch. */
  integration(storeFetch?: typeof fetch): IntegrationDeps;
  /** Sends a job and wakes this process's worker. */
  send(kind: string, data: unknown, options: SendOptions): Promise<string | null>;
  /** A request that must answer fast is being served: this process's worker starts no new job for `ms`. */
  giveWay(ms: number): void;
  /** The same for a hot path: concurrent sends are written together (packages/storage/src/jobs/group-send.ts); no dedupe. */
  sendGrouped(kind: string, data: unknown, options: Omit<SendOptions, "dedupe">): Promise<string>;
  /** Several jobs in one write (JobQueue.sendMany; no dedupe), then wakes this process's worker. Ids in order. */
  sendMany(jobs: readonly JobToSend[]): Promise<string[]>;
}
