/**
 * The names and flags of the kit's cookies. Over https every name carries the `__Host-` prefix: the browser then
 * keeps such a cookie only when it was set by this very host, Secure, with `Path=/` and no `Domain`, so a host on
 * a sibling subdomain (`evil.example.com` next to `app.example.com`) cannot plant its own session cookie on the app
 * (it would make the merchant's identity popup link his store to the planter's account). Over plain http (`npm run
 * dev` on http://127.0.0.1) browsers refuse `__Host-` cookies (they need Secure), so the plain names are used there;
 * nothing shares cookies with 127.0.0.1 anyway (docs/security.md, "Sessions and sign-in"). They depend on NODE_ENV
 * and APP_URL only (an `Env` of lib/env.ts has both).
 */
export type CookieEnv = { nodeEnv: "development" | "production" | "test"; appUrl?: string };

/** Whether this deployment's cookies carry the `__Host-` prefix (APP_URL is https). */
export function usesHostPrefix(env: CookieEnv): boolean {
  return env.appUrl?.startsWith("https:") ?? false;
}

/** A kit cookie's name in this deployment: `__Host-<name>` over https, `<name>` otherwise. */
export function cookieName(name: string, env: CookieEnv): string {
  return usesHostPrefix(env) ? `__Host-${name}` : name;
}

/** The flags every kit cookie is set with (what `__Host-` requires over https: Secure, Path=/, no Domain). */
export function cookieFlags(env: CookieEnv): { httpOnly: true; sameSite: "lax"; secure: boolean; path: "/" } {
  // Lax: the session rides top-level navigations (the identity popup) but not cross-site POSTs.
  return { httpOnly: true, sameSite: "lax", secure: env.nodeEnv === "production" || usesHostPrefix(env), path: "/" };
}

/** The kit's cookie names before the prefix: over https they are never read, and proxy.ts deletes them. */
export const UNPREFIXED_COOKIES = ["kit_session", "kit_device", "kit_popup", "kit_started_link"] as const;
