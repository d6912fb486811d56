/**
 * Password reset and account changes against a real (SQLite) database, with mail through nodemailer into the
 * dev outbox: a link works once, expires, dies when the password changes, and every change ends other sessions.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "./handshake-harness";
import { createPrismaClient, type Db } from "@/lib/db";
import { signIn, signUp } from "@/lib/auth/users";
import { createSession, resolveSession } from "@/lib/auth/sessions";
import { changeEmail, changePassword, requestPasswordReset, RESET_TTL_MS, RESETS_PER_HOUR, resetLinkState, resetPasswordWithToken } from "@/lib/auth/password-reset";
import { createMailer, outboxMessages } from "@/lib/mail/mailer";
import { MailConfigError, parseMailConfig } from "@/lib/mail/mail-config";

let db: Db;
let dispose: () => void;
beforeEach(() => {
  const d = freshDatabase();
  db = createPrismaClient(d.url);
  dispose = d.dispose;
});
afterEach(async () => {
  await db.$disconnect();
  dispose();
});

const OWNER = { email: "owner@example.com", password: "the owner's long password" };
const APP = "http://127.0.0.1:3000";

function deps(now = () => new Date()) {
  return { db, mailer: createMailer(parseMailConfig({}, APP, false), db), appUrl: APP, now };
}

async function linkFromOutbox(): Promise<{ token: string; url: string }> {
  const [mail] = await outboxMessages(db);
  const url = /http:\/\/\S+\/reset\/new\?\S+/.exec(mail!.text)![0];
  return { token: new URL(url).searchParams.get("token")!, url };
}

describe("mail configuration", () => {
  it("SMTP from a URL or from host settings; the dev outbox outside production; nothing in production", () => {
    expect(parseMailConfig({ SMTP_URL: "smtp://u:p@mail.example.test:587" }, APP, true)).toMatchObject({ kind: "smtp", transport: { url: "smtp://u:p@mail.example.test:587" } });
    expect(parseMailConfig({ SMTP_HOST: "mail.example.test", SMTP_SECURE: "true" }, APP, true)).toMatchObject({ kind: "smtp", transport: { host: "mail.example.test", port: 465, secure: true } });
    expect(parseMailConfig({}, APP, false)).toMatchObject({ kind: "outbox", from: expect.stringContaining("no-reply@127.0.0.1") });
    expect(parseMailConfig({}, APP, true)).toEqual({ kind: "unconfigured" });
    expect(() => parseMailConfig({ SMTP_URL: "http://mail.example.test" }, APP, true)).toThrow(MailConfigError);
    expect(() => parseMailConfig({ SMTP_HOST: "h", SMTP_PORT: "99999" }, APP, true)).toThrow(/SMTP_PORT/);
  });
});

describe("password reset", () => {
  it("mails a link that sets a new password once; the old password and every session stop working", async () => {
    const u = await signUp(db, OWNER);
    if (!u.ok) throw new Error("sign-up failed");
    const sid = await createSession(db, u.user.id, new Date());
    expect(await requestPasswordReset(deps(), OWNER.email, "/stores")).toEqual({ ok: true });
    const [mail] = await outboxMessages(db);
    expect(mail).toMatchObject({ to: OWNER.email, subject: "Reset your password" });
    const { token, url } = await linkFromOutbox();
    expect(url).toContain("next=%2Fstores");
    // only the hash is stored: the token itself is nowhere in the database
    expect(JSON.stringify(await db.passwordReset.findMany())).not.toContain(token);

    expect(await resetPasswordWithToken(db, token, "a brand new password", new Date())).toEqual({ ok: true, email: OWNER.email });
    expect((await signIn(db, OWNER)).ok).toBe(false);
    expect((await signIn(db, { email: OWNER.email, password: "a brand new password" })).ok).toBe(true);
    expect(await resolveSession(db, sid, new Date())).toBeNull();
    // single use
    expect(await resetLinkState(db, token, new Date())).toBe("used");
    expect(await resetPasswordWithToken(db, token, "yet another password", new Date())).toMatchObject({ ok: false, error: expect.stringMatching(/already used/) });
  });

  it("a link expires, and an unknown address gets the same answer and no mail", async () => {
    await signUp(db, OWNER);
    const t0 = new Date();
    await requestPasswordReset(deps(() => t0), OWNER.email, undefined);
    const { token } = await linkFromOutbox();
    const later = new Date(t0.getTime() + RESET_TTL_MS + 1000);
    expect(await resetLinkState(db, token, later)).toBe("expired");
    expect((await resetPasswordWithToken(db, token, "a brand new password", later)).ok).toBe(false);

    expect(await requestPasswordReset(deps(), "nobody@example.com", undefined)).toEqual({ ok: true });
    expect(await outboxMessages(db)).toHaveLength(1);
    expect(await resetLinkState(db, "made-up-token-made-up-token", new Date())).toBe("unknown");
  });

  it("at most a few links an hour per account (no mail flood)", async () => {
    await signUp(db, OWNER);
    for (let i = 0; i < RESETS_PER_HOUR + 3; i++) await requestPasswordReset(deps(), OWNER.email, undefined);
    expect(await outboxMessages(db)).toHaveLength(RESETS_PER_HOUR);
  });

  it("in production without SMTP it says email is not configured", async () => {
    await signUp(db, OWNER);
    const r = await requestPasswordReset({ ...deps(), mailer: createMailer(parseMailConfig({}, APP, true), db) }, OWNER.email, undefined);
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/not configured/) });
  });
});

describe("account changes end the user's other sessions", () => {
  it("a new password needs the current one, keeps this session, ends the others and open reset links", async () => {
    const u = await signUp(db, OWNER);
    if (!u.ok) throw new Error("sign-up failed");
    const here = await createSession(db, u.user.id, new Date());
    const elsewhere = await createSession(db, u.user.id, new Date());
    await requestPasswordReset(deps(), OWNER.email, undefined);
    const { token } = await linkFromOutbox();
    expect(await changePassword(db, u.user.id, here, { current: "wrong", password: "a brand new password" }, new Date())).toMatchObject({ ok: false, field: "current" });
    expect(await changePassword(db, u.user.id, here, { current: OWNER.password, password: "a brand new password" }, new Date())).toEqual({ ok: true });
    expect(await resolveSession(db, here, new Date())).not.toBeNull();
    expect(await resolveSession(db, elsewhere, new Date())).toBeNull();
    expect(await resetLinkState(db, token, new Date())).toBe("used");
  });

  it("a new email needs the current password, must be free, ends other sessions and tells the old address", async () => {
    const u = await signUp(db, OWNER);
    await signUp(db, { email: "taken@example.com", password: "another long password" });
    if (!u.ok) throw new Error("sign-up failed");
    const here = await createSession(db, u.user.id, new Date());
    const elsewhere = await createSession(db, u.user.id, new Date());
    const d = deps();
    expect(await changeEmail(d, u.user.id, here, { email: "taken@example.com", current: OWNER.password }, new Date())).toMatchObject({ ok: false, field: "email" });
    expect(await changeEmail(d, u.user.id, here, { email: "new@example.com", current: OWNER.password }, new Date())).toEqual({ ok: true });
    expect((await signIn(db, { email: "new@example.com", password: OWNER.password })).ok).toBe(true);
    expect(await resolveSession(db, elsewhere, new Date())).toBeNull();
    expect(await resolveSession(db, here, new Date())).not.toBeNull();
    expect((await outboxMessages(db))[0]).toMatchObject({ to: OWNER.email, subject: "Your sign-in email was changed" });
  });
});
