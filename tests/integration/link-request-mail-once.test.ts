/**
 * A link request's verification mail goes out once per live link: a popup reloaded while the mail's job runs
 * queues a second job for the same request (it runs after the first), and that second job sends nothing while the
 * first one's link is live. A mail the server refused leaves no live link behind, so the retry mails a new one.
 */
import { describe, expect, it } from "vitest";
import { deliverAccountMail, readMailedLink } from "@magento-integration/handshake/auth";
import type { Mail, Mailer, SendResult } from "@magento-integration/handshake/mail";
import { useFreshDatabase } from "../helpers/fresh-db";

function recordingMailer(answers: SendResult[] = []): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    kind: "smtp",
    sent,
    async send(mail) {
      const answer = answers.shift() ?? { sent: "smtp" };
      if (answer.sent) sent.push(mail);
      return answer;
    },
  } as Mailer & { sent: Mail[] };
}

const tokenOf = (mail: Mail) =>
  new URL(/http:\/\/\S+\/integration\/verify\?\S+/.exec(mail.text)![0]).searchParams.get("token")!;

describe("the link-request verification mail", () => {
  const db = useFreshDatabase();

  async function request() {
    const store = await db.storage.stores.ensure("https://mail-once.test/");
    const inst = await db.storage.installations.create({
      consumerKey: "m".repeat(32),
      storeId: store.id,
      consumerSecretEnc: "enc",
      state: "active",
      mode: "oauth",
    });
    const user = await db.storage.users.create("asker@example.test", "hash");
    return { type: "link_request" as const, userId: user.id, installationId: inst.id, activationId: "act" };
  }

  it("a second job for the same request sends nothing while the first link is live; after it expires, a new one", async () => {
    const mail = await request();
    const mailer = recordingMailer();
    let now = new Date("2026-03-01T10:00:00Z");
    const deps = { storage: db.storage, mailer, appUrl: "http://127.0.0.1:3000", now: () => now };
    expect(await deliverAccountMail(deps, mail)).toBe("sent");
    expect(await deliverAccountMail(deps, mail)).toBe("already_sent");
    expect(mailer.sent).toHaveLength(1);
    expect((await readMailedLink(db.storage, tokenOf(mailer.sent[0]!), "link_request", now)).ok).toBe(true);
    now = new Date(now.getTime() + 31 * 60_000);
    expect(await deliverAccountMail(deps, mail)).toBe("sent");
    expect(mailer.sent).toHaveLength(2);
  });

  it("a mail the server refused leaves no live link: the job's retry mails a new, working one", async () => {
    const mail = await request();
    const mailer = recordingMailer([{ sent: false, reason: "421 try later" }]);
    const now = new Date("2026-03-01T10:00:00Z");
    const deps = { storage: db.storage, mailer, appUrl: "http://127.0.0.1:3000", now: () => now };
    await expect(deliverAccountMail(deps, mail)).rejects.toThrow(/421/);
    expect(await db.storage.mailedLinks.liveFor(mail.userId, "link_request", mail.installationId, now)).toBe(false);
    expect(await deliverAccountMail(deps, mail)).toBe("sent");
    expect(mailer.sent).toHaveLength(1);
    expect((await readMailedLink(db.storage, tokenOf(mailer.sent[0]!), "link_request", now)).ok).toBe(true);
  });
});
