/**
 * The identity popup's pages: the identity link itself, and sign-in / sign-up / password reset opened from it
 * (their `next` is an identity URL). They render without the app's navigation, so nothing in the 680×510 popup
 * leads away from the link being made (app/layout.tsx reads the answer from a request header proxy.ts sets).
 */
export const POPUP_HEADER = "x-kit-popup";

import { IDENTITY_PATH, isIdentityPath } from "./magento-shapes.ts";

const POPUP_NEXT_PAGES = new Set(["/login", "/signup", "/reset"]);

export function isIdentityNext(next: string | null | undefined): boolean {
  return typeof next === "string" && next.startsWith(`${IDENTITY_PATH}?`);
}

export function isPopupPage(pathname: string, searchParams: URLSearchParams): boolean {
  if (isIdentityPath(pathname)) return true;
  return POPUP_NEXT_PAGES.has(pathname) && isIdentityNext(searchParams.get("next"));
}
