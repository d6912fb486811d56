/** A link request's verification mail, followed as its recipient would (the outbox, then the page's button). */
import { outboxMessages } from "@magento-integration/handshake/mail";
import type { Storage } from "@magento-integration/storage";
import { verifyLinkRequest, type VerifyOutcome } from "@magento-integration/handshake";

/** The token of the newest verification mail to `email`, once the `account.mail` job has sent it. */
export async function linkRequestToken(storage: Storage, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = (await outboxMessages(storage.outbox)).find(
      (m) => m.to === email && /\/integration\/verify\?/.test(m.text),
    );
    if (mail) return new URL(/http:\/\/\S+\/integration\/verify\?\S+/.exec(mail.text)![0]).searchParams.get("token")!;
    if (Date.now() > deadline) throw new Error(`no link-request mail to ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Opens the mailed link and presses its button. */
export async function followLinkRequestMail(storage: Storage, email: string, now = new Date()): Promise<VerifyOutcome> {
  return verifyLinkRequest(storage, await linkRequestToken(storage, email), now);
}
