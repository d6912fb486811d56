/** Builds store URLs: base URL verbatim, rest/ prefix with optional store code, path params and query encoded. */
import { isProtocolParam, rfc3986Encode } from "../oauth/index.ts";
import { KitError } from "../kit-error.ts";

/** A store base URL or store code the kit cannot address (not http(s), a query or fragment, a bad store code). */
export class StoreAddressError extends KitError {
  static override readonly brand: string = "StoreAddressError";
  constructor(message: string) {
    super(message, { problem: "invalid_input" });
  }
}

/**
 * store_base_url with its path verbatim (it may contain "index.php/") and a trailing slash. Scheme and host are
 * lowercased and a default port dropped, because that is what fetch sends as Host and family E signs Host as sent.
 */
export function normaliseBaseUrl(baseUrl: string): string {
  const u = new URL(baseUrl); // throws on garbage
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new StoreAddressError(`store base URL must be http(s): ${baseUrl}`);
  if (u.search || u.hash) throw new StoreAddressError(`store base URL must not have a query or fragment: ${baseUrl}`);
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*(\/[^?#]*)?$/.exec(baseUrl.trim());
  const path = m?.[1] ?? "/";
  return `${u.protocol}//${u.host}${path.endsWith("/") ? path : path + "/"}`;
}

export class PathParamError extends KitError {
  static override readonly brand: string = "PathParamError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

/**
 * Substitutes `{name}` segments with RFC 3986-encoded values (a SKU "ABC/10" becomes "ABC%2F10"). A value "." or
 * ".." is refused: it cannot be escaped (fetch's URL parser treats "%2E" as a dot too) and would be removed as a
 * dot segment, sending the call to another route than the one signed.
 */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  if (/[?#]/.test(path))
    throw new PathParamError(`${path}: put query parameters in "query" or "searchCriteria", not in the path`);
  const missing: string[] = [];
  const filled = path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_all, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || String(v) === "") {
      missing.push(name);
      return "";
    }
    const value = String(v);
    if (value === "." || value === "..") {
      throw new PathParamError(
        `${path}: path parameter ${name} is "${value}", a dot segment that URL parsing removes; no store route takes it`,
      );
    }
    return rfc3986Encode(value);
  });
  if (missing.length)
    throw new PathParamError(`${path}: missing path parameter${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  if (/[{}]/.test(filled)) throw new PathParamError(`${path}: malformed path parameter`);
  return filled;
}

/** Names of the `{param}` segments of a path. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
}

/**
 * `{base}rest/V1/…`, `{base}rest/{store}/V1/…`; the schema route lives under a store code only, so it gets
 * "default" when none is given.
 */
export function restUrl(baseUrl: string, path: string, storeCode: string | undefined): string {
  const rel = path.replace(/^\/+/, "");
  const code = storeCode ?? (/^schema(\?|$)/.test(rel) ? "default" : undefined);
  if (code !== undefined && !/^[A-Za-z0-9_]+$/.test(code)) throw new StoreAddressError(`invalid store code "${code}"`);
  return `${baseUrl}rest/${code === undefined ? "" : code + "/"}${rel}`;
}

export class QueryError extends KitError {
  static override readonly brand: string = "QueryError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

/**
 * RFC 3986 query: every name and value encoded (`[`→`%5B`, space→`%20`, never `+`), always `name=value`,
 * never a repeated name (the store signs only the last one), no `.` or space in a name (family E's parse_str
 * turns them into `_` and signs an extra name), no name Magento takes for an OAuth protocol parameter.
 */
export function buildQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const [name, value] of pairs) {
    if (!name) throw new QueryError("empty query parameter name");
    if (seen.has(name)) throw new QueryError(`query parameter "${name}" given twice`);
    if (isProtocolParam(name)) {
      throw new QueryError(
        `query parameter "${name}": Magento treats names containing oauth_… as OAuth parameters, which belong in the Authorization header`,
      );
    }
    if (/[. ]/.test(name)) {
      throw new QueryError(
        `query parameter "${name}": a "." or space in a name is rewritten to "_" by PHP, and newer stores then sign another name; rename it`,
      );
    }
    seen.add(name);
    parts.push(`${rfc3986Encode(name)}=${rfc3986Encode(value)}`);
  }
  return parts.join("&");
}

export function withQuery(url: string, query: string): string {
  return query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;
}

export class UnsignableUrlError extends KitError {
  static override readonly brand: string = "UnsignableUrlError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

/**
 * The signature covers the URL exactly as given, and fetch sends it as WHATWG URL serialises it. Refuses a URL the
 * parser would rewrite (a space or non-ASCII character in the store base URL, a dot segment), which the store would
 * then check against a different string.
 */
export function assertSentAsSigned(url: string): void {
  let sent: string;
  try {
    sent = new URL(url).href;
  } catch {
    throw new UnsignableUrlError(`${url} is not a valid URL`);
  }
  if (sent !== url) {
    throw new UnsignableUrlError(
      `fetch would send ${sent} instead of the signed ${url} (spaces, non-ASCII characters and dot segments are rewritten): ` +
        'percent-encode the store base URL path and avoid "." / ".." segments',
    );
  }
}

/** Path and query characters the WHATWG URL parser never rewrites (what fillPath, restUrl and buildQuery produce). */
const KEPT_AS_WRITTEN = /^[A-Za-z0-9\-._~%/]*(?:\?[A-Za-z0-9\-._~%=&]*)?$/;
/** A "." or ".." segment, also spelled %2e, which the parser removes. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|\?|$)/i;

/**
 * assertSentAsSigned for the URLs of one base URL, without parsing each one: the base is checked once, and a rest
 * made only of characters the parser keeps, with no dot segment, cannot change. Anything else gets the full check.
 */
export function sentAsSignedCheck(baseUrl: string): (url: string) => void {
  let baseKept = false;
  try {
    baseKept = new URL(baseUrl).href === baseUrl;
  } catch {
    // assertSentAsSigned below reports it
  }
  return (url) => {
    if (baseKept && url.startsWith(baseUrl)) {
      const rest = url.slice(baseUrl.length);
      if (KEPT_AS_WRITTEN.test(rest) && !DOT_SEGMENT.test(rest)) return;
    }
    assertSentAsSigned(url);
  };
}
