/**
 * Password reset and account changes against a real (SQLite) database, with mail through nodemailer into the
 * dev outbox: a link works once, expires, dies when the password changes, and every change ends other sessions.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { useFreshDatabase } from "../helpers/fresh-db";
import { PROVIDERS } from "../helpers/databases";
import {
  signIn,
  signUp,
  createSession,
  resolveSession,
  confirmEmailChange,
  requestEmailChange,
  deliverAccountMail,
  type AccountMail,
  changePassword,
  mailPasswordReset,
  requestPasswordReset,
  RESET_TTL_MS,
  RESETS_PER_HOUR,
  resetLinkState,
  resetPasswordWithToken,
} from "@magento-integration/handshake/auth";
import { createMailer, outboxMessages, MailConfigError, parseMailConfig } from "@magento-integration/handshake/mail";

let fresh: ReturnType<typeof useFreshDatabase>;

const OWNER = { email: "owner@example.com", password: "the owner's long password" };
const APP = "http://127.0.0.1:3000";

function deps(now = () => new Date()) {
  return {
    storage: fresh.storage,
    mailer: createMailer(parseMailConfig({}, APP, false), fresh.storage.outbox),
    appUrl: APP,
    now,
  };
}

async function linkFromOutbox(): Promise<{ token: string; url: string }> {
  const [mail] = await outboxMessages(fresh.storage.outbox);
  const url = /http:\/\/\S+\/reset\/new\?\S+/.exec(mail!.text)![0];
  return { token: new URL(url).searchParams.get("token")!, url };
}

describe("mail configuration", () => {
  it("SMTP from a URL or from host settings; the dev outbox outside production; nothing in production", () => {
    expect(parseMailConfig({ SMTP_URL: "smtp://u:p@mail.example.test:587" }, APP, true)).toMatchObject({
      kind: "smtp",
      transport: { url: "smtp://u:p@mail.example.test:587" },
    });
    expect(parseMailConfig({ SMTP_HOST: "mail.example.test", SMTP_SECURE: "true" }, APP, true)).toMatchObject({
      kind: "smtp",
      transport: { host: "mail.example.test", port: 465, secure: true },
    });
    expect(parseMailConfig({}, APP, false)).toMatchObject({
      kind: "outbox",
      from: expect.stringContaining("no-reply@127.0.0.1"),
    });
    expect(parseMailConfig({}, APP, true)).toEqual({ kind: "unconfigured" });
    expect(() => parseMailConfig({ SMTP_URL: "http://mail.example.test" }, APP, true)).toThrow(MailConfigError);
    expect(() => parseMailConfig({ SMTP_HOST: "h", SMTP_PORT: "99999" }, APP, true)).toThrow(/SMTP_PORT/);
  });
});

describe.each(PROVIDERS)("on %s", (provider) => {
  const db = useFreshDatabase(provider);
  beforeEach(() => {
    fresh = db;
  });

  describe("password reset", () => {
    it("mails a link that sets a new password once; the old password and every session stop working", async () => {
      const u = await signUp(fresh.storage, OWNER);
      if (!u.ok) throw new Error("sign-up failed");
      const sid = await createSession(fresh.storage, u.user.id, new Date());
      expect(await mailPasswordReset(deps(), OWNER.email, "/stores")).toBe("sent");
      const [mail] = await outboxMessages(fresh.storage.outbox);
      expect(mail).toMatchObject({ to: OWNER.email, subject: "Reset your password" });
      const { token, url } = await linkFromOutbox();
      expect(url).toContain("next=%2Fstores");
      // only the hash is stored: the token itself is nowhere in the database
      expect(JSON.stringify(await fresh.prisma.passwordReset.findMany())).not.toContain(token);

      expect(await resetPasswordWithToken(fresh.storage, token, "a brand new password", new Date())).toEqual({
        ok: true,
        email: OWNER.email,
      });
      expect((await signIn(fresh.storage, OWNER)).ok).toBe(false);
      expect((await signIn(fresh.storage, { email: OWNER.email, password: "a brand new password" })).ok).toBe(true);
      expect(await resolveSession(fresh.storage, sid, new Date())).toBeNull();
      // single use
      expect(await resetLinkState(fresh.storage, token, new Date())).toBe("used");
      expect(await resetPasswordWithToken(fresh.storage, token, "yet another password", new Date())).toMatchObject({
        ok: false,
        error: expect.stringMatching(/already used/),
      });
    });

    it("a link expires, and an unknown address gets the same answer and no mail", async () => {
      await signUp(fresh.storage, OWNER);
      const t0 = new Date();
      await mailPasswordReset(
        deps(() => t0),
        OWNER.email,
        undefined,
      );
      const { token } = await linkFromOutbox();
      const later = new Date(t0.getTime() + RESET_TTL_MS + 1000);
      expect(await resetLinkState(fresh.storage, token, later)).toBe("expired");
      expect((await resetPasswordWithToken(fresh.storage, token, "a brand new password", later)).ok).toBe(false);

      expect(await mailPasswordReset(deps(), "nobody@example.com", undefined)).toBe("no_account");
      expect(await outboxMessages(fresh.storage.outbox)).toHaveLength(1);
      expect(await resetLinkState(fresh.storage, "made-up-token-made-up-token", new Date())).toBe("unknown");
    });

    it("at most a few links an hour per account (no mail flood)", async () => {
      await signUp(fresh.storage, OWNER);
      for (let i = 0; i < RESETS_PER_HOUR + 3; i++) await mailPasswordReset(deps(), OWNER.email, undefined);
      expect(await outboxMessages(fresh.storage.outbox)).toHaveLength(RESETS_PER_HOUR);
    });

    it("in production without SMTP it says email is not configured", async () => {
      await signUp(fresh.storage, OWNER);
      const r = await requestPasswordReset(
        {
          mailerKind: createMailer(parseMailConfig({}, APP, true), fresh.storage.outbox).kind,
          queue: async () => undefined,
        },
        OWNER.email,
        undefined,
      );
      expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/not configured/) });
    });
  });

  describe("account changes end the user's other sessions", () => {
    it("a new password needs the current one, keeps this session, ends the others and open reset links", async () => {
      const u = await signUp(fresh.storage, OWNER);
      if (!u.ok) throw new Error("sign-up failed");
      const here = await createSession(fresh.storage, u.user.id, new Date());
      const elsewhere = await createSession(fresh.storage, u.user.id, new Date());
      await mailPasswordReset(deps(), OWNER.email, undefined);
      const { token } = await linkFromOutbox();
      expect(
        await changePassword(
          fresh.storage,
          u.user.id,
          here,
          { current: "wrong", password: "a brand new password" },
          new Date(),
        ),
      ).toMatchObject({ ok: false, field: "current" });
      expect(
        await changePassword(
          fresh.storage,
          u.user.id,
          here,
          { current: OWNER.password, password: "a brand new password" },
          new Date(),
        ),
      ).toEqual({ ok: true });
      expect(await resolveSession(fresh.storage, here, new Date())).not.toBeNull();
      expect(await resolveSession(fresh.storage, elsewhere, new Date())).toBeNull();
      expect(await resetLinkState(fresh.storage, token, new Date())).toBe("used");
    });

    it("a new email needs the current password and the link mailed to it; it ends other sessions and tells the old address", async () => {
      const u = await signUp(fresh.storage, OWNER);
      if (!u.ok) throw new Error("sign-up failed");
      const here = await createSession(fresh.storage, u.user.id, new Date());
      const elsewhere = await createSession(fresh.storage, u.user.id, new Date());
      const d = deps();
      // the job's work, done at once (the queue is the account.mail job in the app)
      const queue = async (mail: AccountMail) => void (await deliverAccountMail(d, mail));
      expect(
        await requestEmailChange(
          { storage: fresh.storage, queue },
          u.user.id,
          here,
          { email: "new@example.com", current: "wrong password" },
          new Date(),
        ),
      ).toMatchObject({ ok: false, field: "current" });
      expect(
        await requestEmailChange(
          { storage: fresh.storage, queue },
          u.user.id,
          here,
          { email: "new@example.com", current: OWNER.password },
          new Date(),
        ),
      ).toMatchObject({ ok: true });
      const [mail] = await outboxMessages(fresh.storage.outbox);
      expect(mail).toMatchObject({ to: "new@example.com", subject: "Confirm your new sign-in email" });
      const token = new URL(/http:\/\/\S+\/account\/confirm-email\?\S+/.exec(mail!.text)![0]).searchParams.get(
        "token",
      )!;
      expect((await signIn(fresh.storage, { email: "new@example.com", password: OWNER.password })).ok).toBe(false);
      expect(await confirmEmailChange({ storage: fresh.storage, queue }, token, here, new Date())).toEqual({
        ok: true,
        email: "new@example.com",
      });
      expect((await signIn(fresh.storage, { email: "new@example.com", password: OWNER.password })).ok).toBe(true);
      expect(await resolveSession(fresh.storage, elsewhere, new Date())).toBeNull();
      expect(await resolveSession(fresh.storage, here, new Date())).not.toBeNull();
      expect((await outboxMessages(fresh.storage.outbox))[0]).toMatchObject({
        to: OWNER.email,
        subject: "Your sign-in email was changed",
      });
    });
  });
});
