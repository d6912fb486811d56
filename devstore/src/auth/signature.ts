/**
 * The dev store's OAuth 1.0a signature check, one function per Magento signature family
 * (research/magento-oauth.md §4). Written independently of lib/oauth and of the tests' reference signer.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { SignatureFamily } from "../config/profiles";
import { parseStrFlat, rawurlencode, strnatcmp } from "./php-strings";

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

/** RFC 3986 §5.2.4 remove_dot_segments (Laminas Uri::removePathDotSegments). */
function removeDotSegments(path: string): string {
  const output: string[] = [];
  let input = path;
  while (input.length > 0) {
    if (input.startsWith("../")) input = input.slice(3);
    else if (input.startsWith("./")) input = input.slice(2);
    else if (input.startsWith("/./")) input = input.slice(2);
    else if (input === "/.") input = "/";
    else if (input.startsWith("/../")) {
      input = input.slice(3);
      output.pop();
    } else if (input === "/..") {
      input = "/";
      output.pop();
    } else if (input === "." || input === "..") input = "";
    else {
      const next = input.indexOf("/", input.startsWith("/") ? 1 : 0);
      const seg = next < 0 ? input : input.slice(0, next);
      output.push(seg);
      input = next < 0 ? "" : input.slice(next);
    }
  }
  return output.join("");
}

/** Decode `%XX` whose character matches `keep`; uppercase the hex of the others (Laminas decodeUrlEncodedChars). */
function decodeEscapes(path: string, keep: RegExp): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (all, h: string) => {
    const ch = String.fromCharCode(parseInt(h, 16));
    return keep.test(ch) ? ch : all.toUpperCase();
  });
}

/** Laminas encodePath: characters outside unreserved and `:@&=+$,/;%`, and a `%` not starting an escape. */
function laminasEncodePath(path: string): string {
  return path.replace(/[^A-Za-z0-9_\-.~:@&=+$,/;%]+|%(?![A-Fa-f0-9]{2})/g, (m) => rawurlencode(m));
}

/** The URL the family signs: scheme://host[:port]/path, query and fragment stripped (§4.4). */
export function normalisedUrl(family: SignatureFamily, subject: Pick<SignatureSubject, "scheme" | "host" | "rawUri">): string {
  let path = subject.rawUri;
  const cut = path.search(/[?#]/);
  if (cut >= 0) path = path.slice(0, cut);
  if (path === "") path = "/";
  // Family E (Helper\Uri\Http, pure PHP): scheme, Host and port exactly as sent.
  if (family === "E") return `${subject.scheme}://${subject.host}${path}`;
  const scheme = subject.scheme.toLowerCase();
  const { name, port } = splitHost(subject.host);
  const isDefault = port === "" || (scheme === "http" && port === "80") || (scheme === "https" && port === "443");
  const authority = name.toLowerCase() + (isDefault ? "" : `:${port}`);
  if (family === "C") {
    // Laminas (2.4.6–2.4.7) normalizePath: unreserved and : @ & = + $ , / ; % escapes decoded (issues #37830, #38769).
    path = laminasEncodePath(decodeEscapes(path, /[A-Za-z0-9\-._~:@&=+$,/;%]/));
    path = removeDotSegments(path);
  } else if (family === "D") {
    // Helper\Uri\Http (2.4.8): only unreserved escapes decoded, hex uppercased, dot segments removed.
    path = removeDotSegments(decodeEscapes(path, /[A-Za-z0-9\-._~]/));
  }
  return `${scheme}://${authority}${path}`;
}

/** The signature base string for a family (§4.3). */
export function baseString(family: SignatureFamily, subject: SignatureSubject): string {
  const params = new Map(subject.params);
  if (family === "E") {
    // Family E's Hmac also parse_str()s the query: non-bracket names take that value (`+` = space, `flag` → `flag=`,
    // `a.b` adds `a_b`); the nested arrays it makes for bracket names are dropped again (removeNestedArrays).
    const q = /\?([^#]*)/.exec(subject.rawUri)?.[1] ?? "";
    for (const [k, v] of parseStrFlat(q)) if (!k.includes("[") && !/oauth_[a-z_-]+/.test(k)) params.set(k, v);
  }
  let pairs: [string, string][] = [...params].filter(([k]) => k !== "oauth_signature");
  // Family D: Helper\Request rawurlencodes every value except oauth_signature before signing (issue #37278).
  if (family === "D") pairs = pairs.map(([k, v]) => [k, rawurlencode(v)]);
  const encoded = pairs.map(([k, v]) => ({ raw: k, key: rawurlencode(k), value: rawurlencode(v) }));
  if (family === "E") {
    // Family E: ksort on the raw names, plain byte order.
    encoded.sort((x, y) => Buffer.compare(Buffer.from(x.raw), Buffer.from(y.raw)));
  } else {
    // Families A–D: uksort($params, 'strnatcmp') on the encoded names.
    encoded.sort((x, y) => strnatcmp(x.key, y.key));
  }
  const paramString = encoded.map((e) => `${e.key}=${e.value}`).join("&");
  return [subject.method.toUpperCase(), rawurlencode(normalisedUrl(family, subject)), rawurlencode(paramString)].join("&");
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
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

