import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Did the identity link open from the store's admin popup? Magento's admin opens it with `window.open`, so the
 * browser sends a Referer whose origin is the admin's, the origin of `success_call_back`. A link pasted into a
 * mail or chat, or opened by another site, has no such Referer: that user confirms on a page naming the store
 * before anything is linked (identity.ts). The answer is remembered for the popup in a signed, short-lived cookie
 * (the sign-in step in between would lose the Referer). A Referer proves nothing about who runs the "store"
 * (an attacker's own store can open the popup too), so the sign-in page always names the store's host as well.
 */
export const ADMIN_POPUP_COOKIE = "kit_popup";
export const ADMIN_POPUP_TTL_MS = 15 * 60 * 1000;

export function cameFromStoreAdmin(referer: string | null, successCallBack: string | null): boolean {
  if (!referer || !successCallBack) return false;
  try {
    return new URL(referer).origin === new URL(successCallBack).origin;
  } catch {
    return false;
  }
}

function mac(secret: string, data: string): string {
  return createHmac("sha256", `kit-admin-popup\u0000${secret}`).update(data).digest("base64url");
}

function payload(consumerKey: string, successCallBack: string, at: number): string {
  return `${consumerKey}\u0000${successCallBack}\u0000${at}`;
}

export function adminPopupMarker(secret: string, consumerKey: string, successCallBack: string, now: number): string {
  return `${now}.${mac(secret, payload(consumerKey, successCallBack, now))}`;
}

export function isAdminPopup(
  secret: string,
  cookie: string | undefined,
  consumerKey: string,
  successCallBack: string,
  now: number,
): boolean {
  if (!cookie || cookie.length > 200) return false;
  const [atText, sig] = cookie.split(".");
  const at = Number(atText);
  if (!Number.isSafeInteger(at) || !sig || now - at > ADMIN_POPUP_TTL_MS || at > now + 60_000) return false;
  const want = Buffer.from(mac(secret, payload(consumerKey, successCallBack, at)));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
