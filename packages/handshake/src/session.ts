import { sealData, unsealData } from "iron-session";
import { SESSION_TTL_MS } from "./auth/sessions.ts";
import type { LinkConsent } from "./integration/identity.ts";
import { cookieFlags, cookieName, type CookieEnv } from "./cookie-names.ts";

/**
 * What the app keeps in its sealed session cookie: the token of a server-side session (packages/handshake/src/auth/sessions.ts:
 * the Session row decides whether it is still valid) and a pending link consent for one activation.
 * Framework-free: the caller hands in the request's cookie jar (the Next adapter passes `cookies()`).
 */
export interface SessionData {
  /** Session token; the Session table holds its hash. */
  sid?: string;
  /** The user agreed to link an installation through this activation (identity popup). */
  linkConsent?: LinkConsent & { consumerKey: string };
}

/** Options for cookies the kit sets. */
export interface CookieOptions {
  httpOnly: boolean;
  sameSite: "lax" | "strict";
  secure: boolean;
  path: string;
  maxAge?: number;
}

/** A request's cookies, read and written (Next's `cookies()` is one). */
export interface CookieJar {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: CookieOptions): void;
}

/** What a kit verb needs to know about the HTTP request it serves. */
export interface RequestContext {
  cookies: CookieJar;
  /** The client's address as a trusted proxy reports it (TRUST_PROXY), else undefined. */
  clientIp?: string;
}

export const SESSION_TTL_SECONDS = SESSION_TTL_MS / 1000;

/** `appUrl` decides the cookie's name: `__Host-kit_session` over https, `kit_session` over http (packages/handshake/src/cookie-names.ts). */
export type SessionEnv = { sessionSecret: string } & CookieEnv;

export function sessionOptions(env: SessionEnv) {
  return {
    password: env.sessionSecret,
    cookieName: cookieName("kit_session", env),
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: cookieFlags(env),
  };
}

export interface Session extends SessionData {
  /** Seals the data into the cookie (iron-session; the same cookie format as before). */
  save(): Promise<void>;
  /** Clears the cookie. */
  destroy(): void;
}

/** Cookies opened recently in this process, by their sealed value: the same browser sends the same one each time. */
const OPENED_CACHE_SIZE = 1_000;
const opened = new Map<string, { json: string; expiresAt: number; password: string }>();

/**
 * The sealed cookie opened (an invalid or expired one counts as empty). Unsealing derives two keys, checks an HMAC
 * and decrypts on every call; a seal this process has opened before gives the same data until the expiry sealed
 * (and MACed) into it, so a bounded cache of successful opens keyed by the exact sealed value answers it. A
 * tampered or unknown cookie never hits it; the server-side Session row still decides whether the session lives.
 */
async function openSeal(sealed: string, password: string, ttl: number, now = Date.now()): Promise<SessionData> {
  const hit = opened.get(sealed);
  if (hit && hit.password === password && now < hit.expiresAt) return JSON.parse(hit.json) as SessionData;
  if (hit) opened.delete(sealed);
  const data = await unsealData<SessionData>(sealed, { password, ttl }).catch(() => ({}) as SessionData);
  // iron's seal: Fe26.2*<password id>*<salt>*<iv>*<ciphertext>*<expiry ms>*<hmac salt>*<hmac>~<version>
  const expiresAt = Number(sealed.split("*")[5]);
  if (Object.keys(data).length > 0 && Number.isFinite(expiresAt) && expiresAt > now) {
    if (opened.size >= OPENED_CACHE_SIZE) opened.delete(opened.keys().next().value!);
    opened.set(sealed, { json: JSON.stringify(data), expiresAt, password });
  }
  return data;
}

/** This request's session: the sealed cookie opened (an invalid or expired one counts as empty). */
export async function getSession(jar: CookieJar, env: SessionEnv): Promise<Session> {
  const o = sessionOptions(env);
  const sealed = jar.get(o.cookieName)?.value;
  const data: SessionData = sealed ? await openSeal(sealed, o.password, o.ttl) : {};
  return Object.assign(data, {
    async save() {
      const { sid, linkConsent } = data;
      const value = await sealData(
        { ...(sid ? { sid } : {}), ...(linkConsent ? { linkConsent } : {}) },
        { password: o.password, ttl: o.ttl },
      );
      // the cookie ends a minute before the seal does, as iron-session does
      jar.set(o.cookieName, value, { ...o.cookieOptions, maxAge: o.ttl - 60 });
    },
    destroy() {
      delete data.sid;
      delete data.linkConsent;
      jar.set(o.cookieName, "", { ...o.cookieOptions, maxAge: 0 });
    },
  });
}

/** The value of a cookie, or undefined. */
export function cookieValue(jar: CookieJar, name: string): string | undefined {
  return jar.get(name)?.value;
}
