/**
 * The signature base-string URI (RFC 5849 §3.4.1.2) the way each Magento family rebuilds it from the request.
 * Magento starts from `scheme://Host-header + REQUEST_URI`, so the URL given here must be the one on the wire.
 */
import { isUnreservedByte, rfc3986Encode, UNRESERVED_CLASS } from "./encoding.ts";
import type { SignatureMode } from "./types.ts";

export interface ParsedUrl {
  scheme: string;
  /** host[:port] as written (userinfo removed). */
  authority: string;
  /** Path as written; "/" when empty (REQUEST_URI always starts with "/"). */
  path: string;
  /** Raw query without "?" (undefined when there is none); the fragment is never sent. */
  query: string | undefined;
}

const URL_SHAPE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?/;

export function parseUrl(url: string): ParsedUrl {
  const m = URL_SHAPE.exec(url);
  if (!m) throw new TypeError("OAuth signing needs an absolute http(s) URL");
  const rawAuthority = m[2] ?? "";
  const at = rawAuthority.lastIndexOf("@");
  return {
    scheme: m[1] ?? "",
    authority: at >= 0 ? rawAuthority.slice(at + 1) : rawAuthority,
    path: m[3] || "/",
    query: m[4],
  };
}

/** Lowercase host, default port (:80 for http, :443 for https) dropped — families A–D (Zend/Laminas normalise). */
function normaliseAuthority(scheme: string, authority: string): string {
  const lower = authority.toLowerCase();
  if (scheme === "http" && lower.endsWith(":80")) return lower.slice(0, -3);
  if (scheme === "https" && lower.endsWith(":443")) return lower.slice(0, -4);
  return lower;
}

/** RFC 3986 §5.2.4 as Laminas/Zend Uri::removePathDotSegments implements it (families C and D). */
export function removeDotSegments(input: string): string {
  let path = input;
  let output = "";
  while (path.length > 0) {
    if (path === ".." || path === ".") break;
    if (path === "/.") {
      path = "/";
    } else if (path === "/..") {
      path = "/";
      const slash = output.lastIndexOf("/");
      if (slash >= 0) output = output.slice(0, slash);
    } else if (path.startsWith("/../")) {
      path = "/" + path.slice(4);
      const slash = output.lastIndexOf("/");
      if (slash >= 0) output = output.slice(0, slash);
    } else if (path.startsWith("/./")) {
      path = path.slice(2);
    } else if (path.startsWith("./")) {
      path = path.slice(2);
    } else if (path.startsWith("../")) {
      path = path.slice(3);
    } else {
      const slash = path.indexOf("/", 1);
      const segment = slash < 0 ? path : path.slice(0, slash);
      output += segment;
      path = path.slice(segment.length);
    }
  }
  return output;
}

const ESCAPE = /%([0-9A-Fa-f]{2})/g;
/** Laminas\Uri::normalizePath decodes escapes of these (unreserved plus `: @ & = + $ , / ; %`). */
const LAMINAS_PATH_DECODABLE = new RegExp(`^[${UNRESERVED_CLASS}:@&=+$,/;%]$`);
/** Laminas\Uri::encodePath leaves these unencoded: the decodable set plus `(` and `)`. */
const LAMINAS_PATH_NEEDS_ENCODING = new RegExp(`(?:[^${UNRESERVED_CLASS}:@&=+$,/;%()]+|%(?![A-Fa-f0-9]{2}))`, "g");

/**
 * Family C (2.4.6–2.4.7, Laminas\Uri::normalizePath): dot segments removed, then escapes of unreserved and of
 * `: @ & = + $ , / ; %` decoded (so a SKU `ABC%2F10` is signed as `ABC/10`), other escapes uppercased, then
 * anything encodePath does not allow (and a `%` not followed by two hex digits) re-encoded; a raw `(` or `)`
 * stays as it is.
 */
function laminasPath(path: string): string {
  const decoded = removeDotSegments(path).replace(ESCAPE, (all, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return LAMINAS_PATH_DECODABLE.test(ch) ? ch : all.toUpperCase();
  });
  return decoded.replace(LAMINAS_PATH_NEEDS_ENCODING, (run) => rfc3986Encode(run));
}

/** Family D (Magento\Framework\Oauth\Helper\Uri\Http): dot segments removed, unreserved escapes decoded, hex uppercased. */
function magentoHttpPath(path: string): string {
  return removeDotSegments(path).replace(ESCAPE, (all, hex: string) => {
    const byte = parseInt(hex, 16);
    return isUnreservedByte(byte) ? String.fromCharCode(byte) : all.toUpperCase();
  });
}

/**
 * Base-string URI per mode. The scheme is always lowercase: Magento derives it from the connection
 * (`getScheme()`), it is never taken from the client. Family E signs the Host header (host and port) as sent.
 */
export function normaliseParsedUrl(url: ParsedUrl, mode: SignatureMode): string {
  const scheme = url.scheme.toLowerCase();
  if (mode === "E") return `${scheme}://${url.authority}${url.path}`;
  const authority = normaliseAuthority(scheme, url.authority);
  const path = mode === "C" ? laminasPath(url.path) : mode === "D" ? magentoHttpPath(url.path) : url.path;
  return `${scheme}://${authority}${path}`;
}

/** The base-string URI (unencoded) Magento's family `mode` computes for `url`. */
export function normaliseUrl(url: string, mode: SignatureMode = "standard"): string {
  return normaliseParsedUrl(parseUrl(url), mode);
}
