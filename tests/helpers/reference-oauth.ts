/**
 * A deliberately plain OAuth 1.0a reference signer for tests, written straight from RFC 5849 plus the
 * Magento signature families of docs/signature-families.md#families. It shares no code with packages/client/src/oauth or packages/devstore/, so a bug in
 * one of those cannot hide behind the same bug here. Clarity over speed; no options beyond the spec.
 */
import { createHmac, createHash } from "node:crypto";

/**
 * Store families (docs/signature-families.md#families): A/B standard, C decodes reserved path escapes, D double-encodes values, E byte-order
 * sort, Host as sent, and the query read with parse_str too.
 */
export type RefFamily = "A" | "B" | "C" | "D" | "E";

export function refEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

/** PHP rawurldecode: %XX sequences only, a malformed % stays literal, + stays +. */
export function refRawUrlDecode(value: string): string {
  const bytes: number[] = [];
  const raw = Buffer.from(value, "utf8");
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i]!;
    if (
      b === 0x25 &&
      i + 2 < raw.length + 0 &&
      /^[0-9a-fA-F]{2}$/.test(String.fromCharCode(raw[i + 1]!, raw[i + 2] ?? 0))
    ) {
      bytes.push(parseInt(String.fromCharCode(raw[i + 1]!, raw[i + 2]!), 16));
      i += 2;
    } else bytes.push(b);
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Natural order as PHP documents strnatcmp: runs of digits compare by numeric value, the rest byte by byte. */
export function refNaturalCompare(a: string, b: string): number {
  const chunk = (s: string) => s.match(/(\d+|\D+)/g) ?? [];
  const ca = chunk(a);
  const cb = chunk(b);
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    const x = ca[i]!;
    const y = cb[i]!;
    const xd = /^\d/.test(x);
    const yd = /^\d/.test(y);
    if (xd && yd) {
      const nx = BigInt(x);
      const ny = BigInt(y);
      if (nx !== ny) return nx < ny ? -1 : 1;
      continue;
    }
    if (x !== y) return x < y ? -1 : 1;
  }
  return ca.length - cb.length;
}

export interface RefSignInput {
  method: string;
  /** The URL exactly as sent on the wire (query included). */
  url: string;
  /** oauth_* parameters without oauth_signature. */
  oauthParams: Record<string, string>;
  consumerSecret: string;
  tokenSecret?: string;
  family?: RefFamily;
  hash?: "sha256" | "sha1";
}

function queryPairs(url: string): Map<string, string> {
  const q = url.includes("?") ? url.slice(url.indexOf("?") + 1).split("#")[0]! : "";
  const out = new Map<string, string>();
  for (const part of q.split("&")) {
    const kv = part.split("=");
    if (kv.length !== 2) continue; // Magento keeps only name=value pairs with exactly one "="
    const name = refRawUrlDecode(kv[0]!);
    if (/oauth_[a-z_-]+/.test(name)) continue;
    out.set(name, refRawUrlDecode(kv[1]!));
  }
  return out;
}

/** PHP urldecode: like rawurldecode, but a "+" is a space. */
function refUrlDecode(value: string): string {
  return refRawUrlDecode(value.replace(/\+/g, " "));
}

/**
 * Family E (docs/signature-families.md#family-e): its Hmac also reads the query with PHP parse_str and merges the result over the
 * flat pairs. parse_str: every non-empty "&" part, name up to the first "=" (no "=" → value ""), both urldecoded;
 * the name stops at a NUL, loses its leading spaces, and turns "." and " " into "_" before its first "[". A name
 * with "[" … "]" is an array, which removeNestedArrays drops; a "[" never closed turns into "_", and so do the " ",
 * "." and "[" after it. Empty names and oauth_ names are skipped.
 */
function parseStrPairs(url: string): Map<string, string> {
  const q = url.includes("?") ? url.slice(url.indexOf("?") + 1).split("#")[0]! : "";
  const out = new Map<string, string>();
  for (const part of q.split("&")) {
    if (part === "") continue;
    const at = part.indexOf("=");
    const value = at < 0 ? "" : refUrlDecode(part.slice(at + 1));
    const name = refUrlDecode(at < 0 ? part : part.slice(0, at))
      .split("\0")[0]!
      .replace(/^ +/, "");
    const open = name.indexOf("[");
    let key: string;
    if (open < 0) key = name.replace(/[ .]/g, "_");
    else if (open === 0 || name.indexOf("]", open) > 0) continue;
    else key = name.slice(0, open).replace(/[ .]/g, "_") + "_" + name.slice(open + 1).replace(/[ .[]/g, "_");
    if (key === "" || /oauth_[a-z_-]+/.test(key)) continue;
    out.set(key, value);
  }
  return out;
}

function normalisedUrl(url: string, family: RefFamily): string {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]+)([^?#]*)/.exec(url);
  if (!m) throw new Error("bad url " + url);
  let scheme = m[1]!;
  let host = m[2]!;
  let path = m[3] || "/";
  if (family !== "E") {
    scheme = scheme.toLowerCase();
    host = host.toLowerCase();
    if ((scheme === "http" && host.endsWith(":80")) || (scheme === "https" && host.endsWith(":443"))) {
      host = host.slice(0, host.lastIndexOf(":"));
    }
  }
  if (family === "C") {
    path = path.replace(/%([0-9a-fA-F]{2})/g, (all, hex: string) => {
      const ch = String.fromCharCode(parseInt(hex, 16));
      return /[A-Za-z0-9\-._~:@&=+$,/;]/.test(ch) ? ch : all;
    });
  }
  if (family === "D") {
    path = path.replace(/%([0-9a-fA-F]{2})/g, (_all, hex: string) => {
      const ch = String.fromCharCode(parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(ch) ? ch : "%" + hex.toUpperCase();
    });
  }
  return `${scheme}://${host}${path}`;
}

export function refBaseString(input: RefSignInput): string {
  const family = input.family ?? "A";
  const params = queryPairs(input.url);
  if (family === "E") for (const [k, v] of parseStrPairs(input.url)) params.set(k, v);
  for (const [k, v] of Object.entries(input.oauthParams)) params.set(k, v);
  let entries = [...params.entries()];
  if (family === "D") entries = entries.map(([k, v]) => [k, refEncode(v)]);
  let encoded = entries.map(([k, v]) => ({ raw: k, k: refEncode(k), v: refEncode(v) }));
  encoded =
    family === "E"
      ? encoded.sort((x, y) => (x.raw < y.raw ? -1 : x.raw > y.raw ? 1 : 0))
      : encoded.sort((x, y) => refNaturalCompare(x.k, y.k));
  const paramString = encoded.map((e) => `${e.k}=${e.v}`).join("&");
  return [input.method.toUpperCase(), refEncode(normalisedUrl(input.url, family)), refEncode(paramString)].join("&");
}

export function refSign(input: RefSignInput): string {
  const key = `${refEncode(input.consumerSecret)}&${refEncode(input.tokenSecret ?? "")}`;
  return createHmac(input.hash ?? "sha256", key)
    .update(refBaseString(input))
    .digest("base64");
}

/** Parses an `Authorization: OAuth ...` header the way Magento's Helper\Request does. */
export function refParseAuthorization(header: string): Record<string, string> {
  const at = header.toLowerCase().indexOf("oauth ");
  if (at < 0) return {};
  const out: Record<string, string> = {};
  for (const part of header.slice(at + 6).split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!/oauth_[a-z_-]+/.test(name)) continue;
    out[name] = refRawUrlDecode(
      part
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, ""),
    );
  }
  return out;
}

/** Builds a complete Authorization header value (names and values percent-encoded). */
export function refAuthorization(oauthParams: Record<string, string>, signature: string): string {
  const all = { ...oauthParams, oauth_signature: signature };
  return (
    "OAuth " +
    Object.entries(all)
      .map(([k, v]) => `${refEncode(k)}="${refEncode(v)}"`)
      .join(", ")
  );
}

/** A test-only nonce: 32 chars of [0-9a-z] derived from a counter, so runs are repeatable. */
export function refNonce(seed: string | number): string {
  return createHash("sha256").update(String(seed)).digest("hex").slice(0, 32);
}
