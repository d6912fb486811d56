/**
 * `success_call_back` from the identity popup: Magento's admin route `…/admin/integration/loginSuccessCallback/`
 * (+ `key/<hash>/` when admin secret keys are on), which closes the popup. It comes from the browser's query
 * string, so without this check the identity page is an open redirect. We follow it only when:
 * - it is an absolute http(s) URL, exactly as the WHATWG parser would write it (no parser tricks), no userinfo,
 *   no query, no fragment;
 * - its origin is the store's origin, or the admin origin configured for that store;
 * - its path ends with `/admin/integration/loginSuccessCallback` + optional `/key/<hash>` + optional `/`.
 */
export type SuccessCallbackResult = { ok: true; url: string } | { ok: false; reason: string };

const PATH = /\/admin\/integration\/loginSuccessCallback(\/key\/[0-9A-Za-z]{1,128})?\/?$/;

export function validateSuccessCallback(raw: string, allowedOrigins: readonly string[]): SuccessCallbackResult {
  if (raw.length > 2048) return { ok: false, reason: "the return address is too long" };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u0020\u007f\\]/.test(raw)) return { ok: false, reason: "the return address contains spaces or control characters" };
  if (!/^https?:\/\/[^/]/i.test(raw)) return { ok: false, reason: "the return address is not an absolute http(s) URL" };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, reason: "the return address is not a valid URL" };
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return { ok: false, reason: "the return address is not http(s)" };
  if (u.username || u.password || (raw.slice(raw.indexOf("//") + 2).split(/[/?#]/)[0] ?? "").includes("@")) {
    return { ok: false, reason: "the return address contains a user name or password" };
  }
  if (u.search || u.hash || raw.includes("?") || raw.includes("#")) {
    return { ok: false, reason: "the return address has a query string or fragment" };
  }
  if (u.href !== raw) return { ok: false, reason: "the return address is not in canonical form" };
  if (!allowedOrigins.includes(u.origin)) {
    return { ok: false, reason: `the return address (${u.origin}) is not your store's admin` };
  }
  if (!PATH.test(u.pathname)) return { ok: false, reason: "the return address is not Magento's loginSuccessCallback page" };
  return { ok: true, url: raw };
}
