/**
 * The dev store's OAuth 1.0a signature check, one function per Magento signature family
 * (Magento\Framework\Oauth\Oauth.php and its Laminas HMAC signer). Written independently of packages/client/src/oauth and of the tests' reference signer.
 *
 * Family E (profile 2.4.9) follows magento/magento2 `lib/internal/Magento/Framework/Oauth/Helper/Signature/Hmac.php`,
 * the pure-PHP `Hmac implements HmacInterface` that `Helper/Utility.php` calls instead of laminas-oauth: parse_url
 * for the URL (`buildRequestUrl`), parse_str merged over the request helper's pairs (`buildRequestParams`,
 * `removeNestedArrays`), ksort and `rawurlencode(key)=rawurlencode(value)` (`normalizeParameters`, `isValidValue`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { SignatureFamily } from "../config/profiles.ts";
import { parseStrTopLevel, PHP_ARRAY, rawurlencode, strnatcmp } from "./php-strings.ts";

export interface SignatureSubject {
  /** HTTP method as received. */
  method: string;
  /** `https` when the offloader header said so, else `http` (Helper\Request::getRequestUrl). */
  scheme: string;
  /** The raw Host header, port included if the client sent one. */
  host: string;
  /** Raw REQUEST_URI (path + query, escapes as sent). */
  rawUri: string;
  /** Every parameter the store's request helper produced, `oauth_signature` excluded. */
  params: ReadonlyMap<string, string>;
}

const HASHES: Record<string, "sha1" | "sha256"> = { "HMAC-SHA1": "sha1", "HMAC-SHA256": "sha256" };

function splitHost(host: string): { name: string; port: string } {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(host);
  return m ? { name: m[1] ?? "", port: m[2] ?? "" } : { name: host, port: "" };
}

/** ASCII-only lowercase (PHP 8 strtolower); the Host header is a byte string. */
function asciiLower(value: string): string {
  return value.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Laminas `Uri::removePathDotSegments`, step by step as Laminas writes RFC 3986 §5.2.4. */
function removeDotSegments(path: string): string {
  let output = "";
  const dropLastSegment = () => {
    const slash = output.lastIndexOf("/");
    if (slash >= 0) output = output.slice(0, slash);
  };
  // PHP `while ($path)`: "0" is falsy too.
  while (path !== "" && path !== "0") {
    if (path === ".." || path === ".") break;
    if (path === "/.") path = "/";
    else if (path === "/..") {
      path = "/";
      dropLastSegment();
    } else if (path.startsWith("/../")) {
      path = "/" + path.slice(4);
      dropLastSegment();
    } else if (path.startsWith("/./")) path = path.slice(2);
    else if (path.startsWith("./")) path = path.slice(2);
    else if (path.startsWith("../")) path = path.slice(3);
    else {
      const slash = path.indexOf("/", 1);
      const seg = slash < 0 ? path : path.slice(0, slash);
      output += seg;
      path = path.slice(seg.length);
    }
  }
  return output;
}

/** Laminas `decodeUrlEncodedChars`: `%XX` whose byte matches `allowed` is decoded, every other escape uppercased. */
function decodeAllowedEscapes(path: string, allowed: RegExp): string {
  return path.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const ch = String.fromCharCode(parseInt(escape.slice(1), 16));
    return allowed.test(ch) ? ch : escape.toUpperCase();
  });
}

/** Laminas `encodePath`: runs outside unreserved and `)(:@&=+$,/;%`, and a `%` not starting an escape, rawurlencoded. */
function encodePath(path: string): string {
  return path.replace(/[^A-Za-z0-9_\-.~)(:@&=+$,/;%]+|%(?![A-Fa-f0-9]{2})/g, (m) => rawurlencode(m));
}

/** Escapes each Laminas-based family decodes in the path: C (Laminas Uri) and D (Magento's Helper\Uri\Http). */
const PATH_DECODED: Partial<Record<SignatureFamily, RegExp>> = {
  // Laminas Uri::normalizePath (2.4.6–2.4.7): unreserved and `: @ & = + $ , / ; %` decoded (issues #37830, #38769).
  C: /[A-Za-z0-9_\-.~:@&=+$,/;%]/,
  // Helper\Uri\Http::normalizePath (2.4.8): unreserved only.
  D: /[A-Za-z0-9_\-.~]/,
};

/** The URL the family signs: scheme://host[:port]/path, query and fragment stripped (docs/signature-families.md#request-url). */
export function normalisedUrl(
  family: SignatureFamily,
  subject: Pick<SignatureSubject, "scheme" | "host" | "rawUri">,
): string {
  let path = subject.rawUri;
  const cut = path.search(/[?#]/);
  if (cut >= 0) path = path.slice(0, cut);
  if (path === "") path = "/";
  // Family E (Helper\Signature\Hmac, parse_url): scheme, Host and port exactly as sent, path as sent.
  if (family === "E") return `${subject.scheme}://${subject.host}${path}`;
  const scheme = asciiLower(subject.scheme);
  const { name, port } = splitHost(subject.host);
  const portNumber = Number(port);
  const isDefault =
    port === "" || (scheme === "http" && portNumber === 80) || (scheme === "https" && portNumber === 443);
  const authority = asciiLower(name) + (isDefault ? "" : `:${family === "A" || family === "B" ? port : portNumber}`);
  const decoded = PATH_DECODED[family];
  // Laminas normalizePath (C, D): dot segments removed first, then escapes decoded, then encodePath (again in toString).
  if (decoded) path = encodePath(decodeAllowedEscapes(removeDotSegments(path), decoded));
  return `${scheme}://${authority}${path}`;
}

/**
 * Family E's Hmac::buildRequestParams (Helper/Signature/Hmac.php, above): the query is also parse_str()ed and
 * array_merge()d over the helper's params, every name included (`oauth_*` too: a query `oauth_nonce` replaces the
 * header's in the base string); non-bracket names take parse_str's value (`+` = space, `flag` → `flag=`, `a.b` adds
 * `a_b`). A name parse_str turned into an array is dropped: removeNestedArrays when a flat `name[…]` key exists,
 * isValidValue otherwise.
 */
function mergeFamilyEQuery(params: ReadonlyMap<string, string>, rawUri: string): ReadonlyMap<string, string> {
  const q = /\?([^#]*)/.exec(rawUri)?.[1];
  if (!q) return params;
  const merged = new Map<string, string | typeof PHP_ARRAY>(params);
  for (const [k, v] of parseStrTopLevel(q)) merged.set(k, v);
  const out = new Map<string, string>();
  for (const [k, v] of merged) if (v !== PHP_ARRAY) out.set(k, v);
  return out;
}

/** The signature base string for a family (docs/signature-families.md#the-base-string). */
export function baseString(family: SignatureFamily, subject: SignatureSubject): string {
  const params = family === "E" ? mergeFamilyEQuery(subject.params, subject.rawUri) : subject.params;
  let pairs: [string, string][] = [...params].filter(([k]) => k !== "oauth_signature");
  // Family D: Helper\Request rawurlencodes every value except oauth_signature before signing (issue #37278).
  if (family === "D") pairs = pairs.map(([k, v]) => [k, rawurlencode(v)]);
  const encoded = pairs.map(([k, v]) => ({ raw: k, key: rawurlencode(k), value: rawurlencode(v) }));
  if (family === "E") {
    // Family E: ksort on the raw names; byte strings compare code unit by code unit, i.e. byte order.
    encoded.sort((x, y) => (x.raw < y.raw ? -1 : x.raw > y.raw ? 1 : 0));
  } else {
    // Families A–D: uksort($params, 'strnatcmp') on the encoded names.
    encoded.sort((x, y) => strnatcmp(x.key, y.key));
  }
  const paramString = encoded.map((e) => `${e.key}=${e.value}`).join("&");
  return [subject.method.toUpperCase(), rawurlencode(normalisedUrl(family, subject)), rawurlencode(paramString)].join(
    "&",
  );
}

export function computeSignature(
  family: SignatureFamily,
  signatureMethod: string,
  subject: SignatureSubject,
  consumerSecret: string,
  tokenSecret: string | undefined,
): string {
  const hash = HASHES[signatureMethod];
  if (!hash) throw new Error(`no HMAC for ${signatureMethod}`);
  const key = `${rawurlencode(consumerSecret)}&${rawurlencode(tokenSecret ?? "")}`;
  return createHmac(hash, key).update(baseString(family, subject)).digest("base64");
}

/** `Security::compareStrings` against the signature as the request helper decoded it. */
export function signatureMatches(expected: string, received: string): boolean {
  const a = Buffer.from(expected, "latin1");
  const b = Buffer.from(received, "latin1");
  return a.length === b.length && timingSafeEqual(a, b);
}
