import { createHmac, timingSafeEqual } from "node:crypto";
import { isMagentoToken } from "./magento-shapes.ts";

/**
 * "This browser opened the identity link of consumer key K at time T": set by proxy.ts on the identity page,
 * read by /stores to offer finishing a link the popup left undone (packages/handshake/src/integration/link-offer.ts). Signed with
 * the session secret, HttpOnly, 15 minutes.
 */
export const STARTED_LINK_COOKIE = "kit_started_link";
export const STARTED_LINK_TTL_MS = 15 * 60 * 1000;

function mac(secret: string, key: string, at: number): string {
  return createHmac("sha256", `kit-started-link\u0000${secret}`).update(`${key}\u0000${at}`).digest("base64url");
}

/** Cookie value for "this browser opened the identity link of `consumerKey` at `now`". */
export function startedLinkCookie(secret: string, consumerKey: string, now: number): string {
  return `${consumerKey}.${now}.${mac(secret, consumerKey, now)}`;
}

export function readStartedLinkCookie(
  secret: string,
  value: string | undefined,
  now: number,
): { consumerKey: string; at: number } | null {
  if (!value || value.length > 200) return null;
  const [key, atText, sig] = value.split(".");
  const at = Number(atText);
  if (
    !key ||
    !isMagentoToken(key) ||
    !sig ||
    !Number.isSafeInteger(at) ||
    now - at > STARTED_LINK_TTL_MS ||
    at > now + 60_000
  )
    return null;
  const want = Buffer.from(mac(secret, key, at));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? { consumerKey: key, at } : null;
}
