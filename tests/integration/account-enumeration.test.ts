/**
 * User enumeration through "Forgot your password?": the answer must not say whether an account exists, neither
 * by its text nor by the work done before it (the lookup, the mail) nor by a mail server's refusal. The request
 * only queues an `account.mail` job; the job mails the owner afterwards.
 */
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { signUp } from "@/lib/auth/users";
import { outboxMessages } from "@/lib/mail/mailer";
import { ACCOUNT_MAIL_JOB } from "@/lib/jobs/kinds";

const OWNER = { email: "owner@example.com", password: "the owner's long password" };

async function until(what: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(PROVIDERS)("on %s", (provider) => {
  let h: Harness | undefined;
  let smtp: Server | undefined;
  afterEach(async () => {
    await h?.close();
    await new Promise((r) => (smtp ? smtp.close(r) : r(undefined)));
    h = undefined;
    smtp = undefined;
  });

  it("a known and an unknown address get the same answer after the same work; only the owner gets mail, afterwards", async () => {
    h = await startHarness({ provider });
    await signUp(h.kit.storage, OWNER);
    h.hold();
    const known = await h.kit.auth.requestPasswordReset(OWNER.email, undefined);
    const unknown = await h.kit.auth.requestPasswordReset("nobody@example.com", undefined);
    expect(unknown).toEqual(known);
    // the answer left before anything was looked up or mailed: one queued job each, nothing in the outbox
    const queued = await h.kit.jobs.queue.list({ kinds: [ACCOUNT_MAIL_JOB], limit: 10 });
    expect(queued).toHaveLength(2);
    expect(await outboxMessages(h.kit.storage.outbox)).toHaveLength(0);
    h.release();
    await until(
      "the mail jobs",
      async () =>
        (await h!.kit.jobs.queue.list({ kinds: [ACCOUNT_MAIL_JOB], states: ["completed"], limit: 10 })).length === 2,
    );
    const mails = await outboxMessages(h.kit.storage.outbox);
    expect(mails.map((m) => m.to)).toEqual([OWNER.email]);
  });

  it("a mail server that refuses says nothing to the requester (no error, no address of the server)", async () => {
    smtp = createServer((socket) => socket.destroy()); // accepts, then hangs up: the SMTP greeting never comes
    const port = await new Promise<number>((r) =>
      smtp!.listen(0, "127.0.0.1", () => r((smtp!.address() as { port: number }).port)),
    );
    h = await startHarness({
      provider,
      kit: { mail: { kind: "smtp", transport: { url: `smtp://127.0.0.1:${port}` }, from: "kit@example.test" } },
    });
    await signUp(h.kit.storage, OWNER);
    const known = await h.kit.auth.requestPasswordReset(OWNER.email, undefined);
    const unknown = await h.kit.auth.requestPasswordReset("nobody@example.com", undefined);
    expect(known).toEqual({ ok: true });
    expect(unknown).toEqual(known);
  });
});
