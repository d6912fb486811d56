import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { getEnv } from "@/lib/env";
import { SESSION_TTL_MS } from "@/lib/auth/sessions";
import type { LinkConsent } from "@/lib/integration/identity";

/**
 * What the app keeps in its sealed session cookie: the token of a server-side session (lib/auth/sessions.ts:
 * the Session row decides whether it is still valid) and a pending link consent for one activation.
 */
export interface SessionData {
  /** Session token; the Session table holds its hash. */
  sid?: string;
  /** The user agreed to link an installation through this activation (identity popup). */
  linkConsent?: LinkConsent & { consumerKey: string };
}

export const SESSION_TTL_SECONDS = SESSION_TTL_MS / 1000;

export function sessionOptions(): SessionOptions {
  const env = getEnv();
  return {
    password: env.sessionSecret,
    cookieName: "kit_session",
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: {
      httpOnly: true,
      // Lax: the session rides top-level navigations (the identity popup) but not cross-site POSTs.
      sameSite: "lax",
      secure: env.nodeEnv === "production",
      path: "/",
    },
  };
}

export async function getSession() {
  return getIronSession<SessionData>(await cookies(), sessionOptions());
}
