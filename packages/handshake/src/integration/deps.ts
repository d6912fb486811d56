import type { Logger } from "pino";
import type { QueueAccountMail } from "../auth/account-mail-types.ts";
import type { Storage, SecretBox } from "@magento-integration/storage";
import type { Lookup } from "@magento-integration/client/net";
import type { fetchAccessToken, fetchRequestToken } from "@magento-integration/client";

/** Everything the handshake touches from outside, injected so tests choose clock, network and storage. */
export interface IntegrationDeps {
  storage: Storage;
  box: SecretBox;
  log: Logger;
  now: () => Date;
  allowPrivate: boolean;
  lookup?: Lookup;
  /** The guarded store fetch (private addresses refused at connect time): every call to a store goes through it. */
  fetch: typeof fetch;
  /** Per token-endpoint call. */
  timeoutMs?: number;
  handshake: { fetchRequestToken: typeof fetchRequestToken; fetchAccessToken: typeof fetchAccessToken };
  /** Queues an `account.mail` job: a link request's verification mail (packages/handshake/src/integration/link-request-verification.ts). */
  queueAccountMail: QueueAccountMail;
  /** Can this app send mail at all (SMTP set, or the dev outbox)? Without it no request can be verified. */
  canSendMail: () => boolean;
}
