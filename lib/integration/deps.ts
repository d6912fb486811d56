import type { Logger } from "pino";
import type { Db } from "@/lib/db";
import type { SecretBox } from "@/lib/secret-box";
import type { Lookup } from "@/lib/integration/store-url";
import type { KeyedLock } from "@/lib/integration/key-lock";
import type { CallbackRateLimiter } from "@/lib/integration/callback-rate-limit";
import type { fetchAccessToken, fetchRequestToken } from "@/lib/magento";

/** Everything the handshake touches from outside, injected so tests choose clock, network and storage. */
export interface IntegrationDeps {
  db: Db;
  box: SecretBox;
  log: Logger;
  now: () => Date;
  allowPrivate: boolean;
  locks: KeyedLock;
  lookup?: Lookup;
  /** The guarded store fetch (private addresses refused at connect time): every call to a store goes through it. */
  fetch: typeof fetch;
  /** Per token-endpoint call. */
  timeoutMs?: number;
  handshake: { fetchRequestToken: typeof fetchRequestToken; fetchAccessToken: typeof fetchAccessToken };
  /** Per key / per client budget for activation callbacks (absent: unlimited, e.g. in tests of other things). */
  callbackLimiter?: CallbackRateLimiter;
}

/** Prisma client or the client of an interactive transaction. */
export type DbLike = Pick<Db, "installationEvent">;

export async function addEvent(
  db: DbLike,
  e: { installationId: string; activationId?: string | null; kind: string; message: string; storeMessage?: string | null; at: Date },
): Promise<void> {
  await db.installationEvent.create({
    data: {
      installationId: e.installationId,
      activationId: e.activationId ?? null,
      kind: e.kind,
      message: e.message.slice(0, 2000),
      storeMessage: e.storeMessage?.slice(0, 2000) ?? null,
      at: e.at,
    },
  });
}
