/**
 * How Magento's `Framework\Oauth\Helper\Request::prepareRequest` turns an HTTP request into OAuth parameters
 * (Magento\Framework\Oauth\Helper\Request::prepareRequest and its signature base string).
 */
import { bytesFromUtf8, parseStrFlat, phpTrim, rawurldecode } from "./php-strings.ts";

export interface OAuthHttpRequest {
  method: string;
  /** Raw REQUEST_URI: path + query, escapes as sent. */
  rawUri: string;
  /** Header values as Node gives them: latin1, one char per byte (PHP's byte strings). */
  headers: Record<string, string | string[] | undefined>;
  /** Raw body text (UTF-8 decoded by the server; turned back into bytes before parse_str). */
  body: string;
}

function header(req: OAuthHttpRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** `_isProtocolParameter`: an unanchored `/oauth_[a-z_-]+/` match, as in Magento. */
export function isProtocolParameter(name: string): boolean {
  return /oauth_[a-z_-]+/.test(name);
}

/** `getRequestUrl()`: scheme (offloader header `X-Forwarded-Proto` honoured) + raw Host + raw REQUEST_URI. */
export function requestUrlParts(req: OAuthHttpRequest): { scheme: string; host: string; rawUri: string } {
  const proto = header(req, "x-forwarded-proto");
  return {
    scheme: proto?.toLowerCase() === "https" ? "https" : "http",
    host: header(req, "host") ?? "",
    rawUri: req.rawUri,
  };
}

function queryOf(rawUri: string): string {
  const q = rawUri.indexOf("?");
  if (q < 0) return "";
  const rest = rawUri.slice(q + 1);
  const hash = rest.indexOf("#");
  return hash < 0 ? rest : rest.slice(0, hash);
}

/**
 * The `Authorization` header parsed like `_processHeader`: text after the first case-insensitive `oauth `
 * (anywhere in the header), split on `,` (quotes not honoured), each part PHP-trimmed and split on its first `=`,
 * names matching the protocol pattern kept as written (so `realm` is dropped), values rawurldecoded with only
 * `"` trimmed. Returns undefined when the header carries no `oauth ` marker.
 */
export function parseOAuthHeader(value: string | undefined): Map<string, string> | undefined {
  if (!value) return undefined;
  const at = value.toLowerCase().indexOf("oauth ");
  if (at < 0) return undefined;
  const params = new Map<string, string>();
  for (const part of value.slice(at + 6).split(",")) {
    const trimmed = phpTrim(part);
    const eq = trimmed.indexOf("=");
    if (eq < 0) continue;
    const name = trimmed.slice(0, eq);
    if (!isProtocolParameter(name)) continue;
    params.set(rawurldecode(name), rawurldecode(trimmed.slice(eq + 1).replace(/^"+|"+$/g, "")));
  }
  return params;
}

/**
 * `prepareRequest`: header params; form-body params (`oauth_*` from the body only when the header had none);
 * query params extracted by hand (exactly one `=`, rawurldecoded, flat names). Query names matching the protocol
 * pattern are always skipped: `_fetchProtocolParamsFromQuery` would take them, but Magento passes it the query
 * string where it tests for an array, so it never does. No OAuth header at all → empty map (not an OAuth request).
 */
export function prepareRequest(req: OAuthHttpRequest): Map<string, string> {
  const fromHeader = parseOAuthHeader(header(req, "authorization"));
  if (!fromHeader) return new Map();
  const params = new Map(fromHeader);
  const contentType = header(req, "content-type") ?? "";
  if (contentType.startsWith("application/x-www-form-urlencoded")) {
    const headerHadNone = params.size === 0;
    for (const [name, value] of parseStrFlat(bytesFromUtf8(req.body))) {
      if (!isProtocolParameter(name) || headerHadNone) params.set(name, value);
    }
  }
  const query = queryOf(req.rawUri);
  if (query) {
    for (const pair of query.split("&")) {
      const parts = pair.split("=");
      if (parts.length !== 2) continue; // a name without "=" or a value with a raw "=" is dropped
      const [name, value] = parts as [string, string];
      if (isProtocolParameter(name)) continue; // tested on the name as sent: `oauth%5Fx` passes and decodes to `oauth_x`
      params.set(rawurldecode(name), rawurldecode(value));
    }
  }
  return params;
}
