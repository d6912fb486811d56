/**
 * The one strict parser for absolute http(s) URLs that come from outside: `store_base_url` from a callback or a
 * form, `success_call_back` from the browser's query string, an admin origin or a portal URL typed by a user.
 * The WHATWG parser (`new URL`) is lenient on purpose: it drops tabs and newlines, reads `\` as `/`, resolves `..`
 * and `%2e%2e`, accepts `user:pass@` and `http:///host`. Each of those has served to disguise a host or a path,
 * so they are refused here, on what was sent, before the parsed URL is trusted. Every caller words the problem
 * for its own reader; the checks are written once, in this order.
 */

/** What is wrong with the input, in the order the checks run (the first one found is reported). */
export type UrlProblem =
  | "too_long"
  | "bad_characters"
  | "not_http"
  | "unparsable"
  | "credentials"
  | "fragment"
  | "query"
  | "port_zero"
  | "dot_segments"
  | "path"
  | "not_canonical";

export interface UrlRules {
  /** Longest accepted input, in characters. */
  maxLength: number;
  /** `"none"`: an origin only (the path may be `/` and nothing else). */
  path?: "any" | "none";
  /** The input must be exactly what the WHATWG parser writes back (no case, escape or default-port variants). */
  canonical?: boolean;
}

export type StrictUrl = { ok: true; url: URL } | { ok: false; problem: UrlProblem };

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const BAD_CHARACTERS = /[\u0000-\u0020\u007f\\]/;
/** Scheme and `//` followed by a host (not `http:///host`, which the parser would read as `http://host`). */
const HTTP_PREFIX = /^https?:\/\/[^/]/i;
/** A `.` or `..` segment, or any percent-encoded dot: the parser resolves both silently. */
const DOT_SEGMENT = /%2e|\/\.\.?(\/|$)/i;

export function parseStrictUrl(raw: string, rules: UrlRules): StrictUrl {
  const fail = (problem: UrlProblem): StrictUrl => ({ ok: false, problem });
  if (raw.length > rules.maxLength) return fail("too_long");
  if (BAD_CHARACTERS.test(raw)) return fail("bad_characters");
  if (!HTTP_PREFIX.test(raw)) return fail("not_http");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail("unparsable");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return fail("not_http");
  const afterScheme = raw.slice(raw.indexOf("//") + 2);
  const authority = afterScheme.split(/[/?#]/)[0] ?? "";
  if (url.username || url.password || authority.includes("@")) return fail("credentials");
  if (url.hash || raw.includes("#")) return fail("fragment");
  if (url.search || raw.includes("?")) return fail("query");
  // Port 0 is "any port" to the socket API: no server listens there, and connecting to it is undefined behaviour.
  if (url.port === "0") return fail("port_zero");
  if (DOT_SEGMENT.test(afterScheme)) return fail("dot_segments");
  if (rules.path === "none" && url.pathname !== "/") return fail("path");
  if (rules.canonical && url.href !== raw) return fail("not_canonical");
  return { ok: true, url };
}
