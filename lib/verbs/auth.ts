import { getSession, cookieValue, type RequestContext, cookieFlags, cookieName } from "@magento-integration/handshake";
import {
  signIn,
  signUp,
  type AuthResult,
  createSession,
  resolveSessionUser,
  revokeAllSessions,
  revokeSession,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  knownDeviceFor,
  rememberDevice,
  changePassword,
  requestPasswordReset,
  resetLinkState,
  resetPasswordWithToken,
  type AccountChangeResult,
  type ResetRequestResult,
  type ResetResult,
  confirmEmailChange,
  emailChangeLinkState,
  requestEmailChange,
  type EmailChangeRequestResult,
  type AccountMail,
} from "@magento-integration/handshake/auth";
import { ACCOUNT_MAIL_JOB, ACCOUNT_MAIL_OPTIONS } from "@/lib/jobs/kinds/account-mail";
import type { KitCore } from "./core";

export interface CurrentUser {
  id: string;
  email: string;
}

/** Only same-site absolute paths: never `//host`, `/\host` or a scheme. */
export function safeNextPath(next: unknown, fallback = "/stores"): string {
  if (typeof next !== "string" || next.length > 4096) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\u0000-\u001f\\]/.test(next))
    return fallback;
  // What the browser will resolve: `/..//evil.com` normalises to `//evil.com`, another site.
  const u = new URL(next, "http://app.invalid");
  const normalised = `${u.pathname}${u.search}${u.hash}`;
  if (u.origin !== "http://app.invalid" || normalised.startsWith("//")) return fallback;
  return normalised;
}

/** Accounts and sessions: sign in and up (throttled, packages/handshake/src/auth/throttle.ts), server-side sessions, sign-out. */
export function authVerbs(core: KitCore) {
  const queueMail = async (mail: AccountMail) => void (await core.send(ACCOUNT_MAIL_JOB, mail, ACCOUNT_MAIL_OPTIONS));
  /** Sign-up notices are skipped when the app cannot send mail at all (the same for every address). */
  const queueSignUpMail = async (mail: AccountMail) =>
    core.mailer().kind === "unconfigured" ? undefined : queueMail(mail);

  async function startSession(ctx: RequestContext, result: AuthResult): Promise<AuthResult> {
    if (!result.ok) return result;
    const session = await getSession(ctx.cookies, core.env);
    const previous = session.sid;
    session.sid = await createSession(core.storage, result.user.id, core.now());
    delete session.linkConsent;
    await session.save();
    await revokeSession(core.storage, previous, core.now()); // a session fixed before sign-in is never reused
    const secret = core.env.sessionSecret;
    const device = cookieName(DEVICE_COOKIE, core.env);
    ctx.cookies.set(device, rememberDevice(secret, cookieValue(ctx.cookies, device), result.user.email), {
      ...cookieFlags(core.env),
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
    return result;
  }

  return {
    /** The user of this request's session, when the Session row is live (not signed out, revoked or expired). */
    async currentUser(ctx: RequestContext): Promise<CurrentUser | null> {
      const session = await getSession(ctx.cookies, core.env);
      const live = await resolveSessionUser(core.storage, session.sid, core.now());
      return live ? { id: live.userId, email: live.email } : null;
    },

    async signIn(ctx: RequestContext, email: unknown, password: unknown): Promise<AuthResult> {
      const device =
        typeof email === "string"
          ? knownDeviceFor(
              core.env.sessionSecret,
              cookieValue(ctx.cookies, cookieName(DEVICE_COOKIE, core.env)),
              email.trim(),
            )
          : undefined;
      const client = { ...(ctx.clientIp ? { ip: ctx.clientIp } : {}), ...(device ? { knownDevice: device } : {}) };
      return startSession(ctx, await signIn(core.storage, { email, password }, client, core.now()));
    },

    /** `popupActivationId`: the fresh activation whose admin popup this is (identity.popupActivation), if any. */
    async signUp(
      ctx: RequestContext,
      email: unknown,
      password: unknown,
      popupActivationId?: string | null,
    ): Promise<AuthResult> {
      const client = {
        ...(ctx.clientIp ? { ip: ctx.clientIp } : {}),
        ...(popupActivationId ? { activationId: popupActivationId } : {}),
      };
      return startSession(ctx, await signUp(core.storage, { email, password }, client, core.now(), queueSignUpMail));
    },

    /** Sign-out ends the session on the server: a copy of the cookie opens nothing afterwards. */
    async signOut(ctx: RequestContext): Promise<void> {
      const session = await getSession(ctx.cookies, core.env);
      await revokeSession(core.storage, session.sid, core.now());
      session.destroy();
    },

    /** Ends every session of a user (for a password change, or "sign out everywhere"). */
    revokeAllSessions: (userId: string): Promise<number> => revokeAllSessions(core.storage, userId, core.now()),

    /** "Forgot your password?": mails a single-use link when the account exists; the same answer either way. */
    requestPasswordReset: (email: string, next: string | undefined): Promise<ResetRequestResult> =>
      requestPasswordReset(
        {
          mailerKind: core.mailer().kind,
          queue: queueMail,
        },
        email,
        next,
      ),

    /** Is this reset link live? (shown before asking for the new password) */
    resetLinkState: (token: string) => resetLinkState(core.storage, token, core.now()),

    /** Sets the new password through a live link, once; every session of the user ends. */
    resetPassword: (token: string, password: string): Promise<ResetResult> =>
      resetPasswordWithToken(core.storage, token, password, core.now()),

    /** The account page's password change (the current password is required); this browser stays signed in. */
    async changePassword(
      ctx: RequestContext,
      userId: string,
      input: { current: string; password: string },
    ): Promise<AccountChangeResult> {
      const session = await getSession(ctx.cookies, core.env);
      return changePassword(core.storage, userId, session.sid, input, core.now());
    },

    /**
     * The account page's email change: the current password is required; the new address gets a confirmation
     * link (or, when another account uses it, that account's owner a notice): the same answer either way.
     */
    async changeEmail(
      ctx: RequestContext,
      userId: string,
      input: { email: string; current: string },
    ): Promise<EmailChangeRequestResult> {
      if (core.mailer().kind === "unconfigured")
        return {
          ok: false,
          field: "email",
          error:
            "Email is not configured on this server, so a new address cannot be confirmed. Ask the app's administrator to set SMTP_URL.",
        };
      const session = await getSession(ctx.cookies, core.env);
      return requestEmailChange({ storage: core.storage, queue: queueMail }, userId, session.sid, input, core.now());
    },

    /** The confirmation page of a new sign-in email: the address the link would set, or what is wrong with it. */
    emailChangeLinkState: (token: string) => emailChangeLinkState(core.storage, token, core.now()),

    /** Its button: the email changes; the user's other sessions end (this browser's stays); the old address is told. */
    async confirmEmailChange(ctx: RequestContext, token: string) {
      const session = await getSession(ctx.cookies, core.env);
      return confirmEmailChange({ storage: core.storage, queue: queueMail }, token, session.sid, core.now());
    },

    safeNextPath,
  };
}
