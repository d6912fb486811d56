import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { getEnv } from "@/lib/env";

/** What the app keeps in its sealed session cookie: who is signed in, since when, and a pending link consent. */
export interface SessionData {
  userId?: string;
  email?: string;
  signedInAt?: number;
  /** The user agreed to link the installation of this consumer key (signed in inside its popup, or confirmed). */
  linkConsent?: { consumerKey: string; at: number };
}

export const SESSION_TTL_SECONDS = 8 * 60 * 60;

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
