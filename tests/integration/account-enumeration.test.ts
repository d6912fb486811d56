/**
 * User enumeration through "Forgot your password?", sign-up and the account page's email change: the answer must
 * not say whether an account exists, neither by its text nor by the work done before it (the lookup, the mail) nor
 * by a mail server's refusal. Each request queues one `account.mail` job; the job mails the address's owner
 * afterwards. An email change takes effect only through the link mailed to the new address.
 */
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { signIn, signUp, createSession, resolveSession } from "@magento-integration/handshake/auth";
import type { CookieJar } from "@magento-integration/handshake";
import { outboxMessages } from "@magento-integration/handshake/mail";
import { ACCOUNT_MAIL_JOB } from "@/lib/jobs/kinds";

const OWNER = { email: "owner@example.com", password: "the owner's long password" };

/** A browser's cookies, kept between calls (the session a sign-up starts). */
function browser(): { cookies: CookieJar } {
  const jar = new Map<string, string>();
  return {
    cookies: {
      get: (n) => (jar.has(n) ? { value: jar.get(n)! } : undefined),
      set: (n, v) => void jar.set(n, v),
    },
  };
}

/** Words that would tell the requester an account uses the address. */
const TELLS = /exist|already|another account|taken|in use|uses this/i;

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
  it("sign-up with a taken address never says so: the same work, one mail to the address's owner instead", async () => {
    h = await startHarness({ provider });
    await signUp(h.kit.storage, OWNER);
    h.hold();
    const fresh = await h.kit.auth.signUp(browser(), "new@example.com", "a long enough password");
    const taken = await h.kit.auth.signUp(browser(), OWNER.email, "the attacker's long password");
    // a new address is signed in at once (the store's popup goes on); the taken one is told to read its mail
    expect(fresh).toMatchObject({ ok: true, user: { email: "new@example.com" } });
    expect(taken).toMatchObject({ ok: false, checkMail: true });
    if (taken.ok) throw new Error("unreachable");
    expect(taken.error).not.toMatch(TELLS);
    expect(taken).not.toHaveProperty("field");
    // the same work before answering: one queued mail each, nothing sent yet
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
    expect(mails.find((m) => m.to === OWNER.email)).toMatchObject({
      subject: "Someone tried to create an account with your address",
      text: expect.stringMatching(/\/reset/),
    });
    expect(mails.find((m) => m.to === "new@example.com")).toMatchObject({ subject: "Your account was created" });
    // the owner's account is untouched: his password still signs in, the attacker's does not
    expect((await signIn(h.kit.storage, OWNER)).ok).toBe(true);
    expect((await signIn(h.kit.storage, { email: OWNER.email, password: "the attacker's long password" })).ok).toBe(
      false,
    );
  });

  it("an email change answers the same for a taken and a free address, and takes effect only through the mailed link", async () => {
    h = await startHarness({ provider });
    const me = await signUp(h.kit.storage, { email: "me@example.com", password: OWNER.password });
    await signUp(h.kit.storage, OWNER);
    if (!me.ok) throw new Error("sign-up failed");
    const here = browser();
    const elsewhere = await createSession(h.kit.storage, me.user.id, new Date());
    h.hold();
    const toTaken = await h.kit.auth.changeEmail(here, me.user.id, { email: OWNER.email, current: OWNER.password });
    const toFree = await h.kit.auth.changeEmail(here, me.user.id, {
      email: "free@example.com",
      current: OWNER.password,
    });
    expect(toTaken).toEqual({ ok: true, message: expect.stringContaining(OWNER.email) });
    expect(toFree).toEqual({
      ok: true,
      message: toTaken.ok ? toTaken.message.replace(OWNER.email, "free@example.com") : "",
    });
    if (toTaken.ok) expect(toTaken.message).not.toMatch(TELLS);
    // nothing changed yet, and nothing was looked up or mailed before the answer
    expect((await h.kit.storage.users.byId(me.user.id))?.email).toBe("me@example.com");
    expect(await h.kit.jobs.queue.list({ kinds: [ACCOUNT_MAIL_JOB], limit: 10 })).toHaveLength(2);
    expect(await outboxMessages(h.kit.storage.outbox)).toHaveLength(0);
    h.release();
    await until(
      "the mail jobs",
      async () =>
        (await h!.kit.jobs.queue.list({ kinds: [ACCOUNT_MAIL_JOB], states: ["completed"], limit: 10 })).length === 2,
    );
    const mails = await outboxMessages(h.kit.storage.outbox);
    // the taken address's owner is told, and gets no link; the free address gets the link
    const notice = mails.find((m) => m.to === OWNER.email)!;
    expect(notice.subject).toBe("Someone tried to use your email address");
    expect(notice.text).not.toMatch(/confirm-email/);
    const confirm = mails.find((m) => m.to === "free@example.com")!;
    const url = new URL(/http:\/\/\S+\/account\/confirm-email\?\S+/.exec(confirm.text)![0]);
    const token = url.searchParams.get("token")!;
    // opening the link (GET: a mail scanner) changes nothing; the button does
    expect(await h.kit.auth.emailChangeLinkState(token)).toEqual({ ok: true, email: "free@example.com" });
    expect((await h.kit.storage.users.byId(me.user.id))?.email).toBe("me@example.com");
    expect(await h.kit.auth.confirmEmailChange(browser(), token)).toEqual({ ok: true, email: "free@example.com" });
    expect((await h.kit.storage.users.byId(me.user.id))?.email).toBe("free@example.com");
    expect(await resolveSession(h.kit.storage, elsewhere, new Date())).toBeNull();
    // once only
    expect(await h.kit.auth.confirmEmailChange(browser(), token)).toMatchObject({ ok: false, error: /already used/ });
    // the old address is told
    await until("the notice to the old address", async () =>
      (await outboxMessages(h!.kit.storage.outbox)).some((m) => m.to === "me@example.com"),
    );
  });
});
