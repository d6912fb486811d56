/** The app's mail: its mailer (SMTP, the dev outbox outside production, or unconfigured) and the dev outbox. */
import { outboxMessages, type Mailer } from "@magento-integration/handshake/mail";
import type { KitCore } from "./core";

export function mailVerbs(core: KitCore) {
  return {
    /** The app's mailer: SMTP, the dev outbox outside production, or unconfigured (packages/handshake/src/mail/mail-config.ts). */
    mailer: (): Mailer => core.mailer(),
    /** The dev outbox (null when mail does not go there: SMTP configured, or production). */
    async outbox() {
      if (core.env.nodeEnv === "production" || core.mailer().kind !== "outbox") return null;
      return outboxMessages(core.storage.outbox);
    },
  };
}
