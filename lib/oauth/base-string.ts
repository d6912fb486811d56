/**
 * The signature base string exactly as Magento's server computes it (research/magento-oauth.md §4.2–§4.6).
 *
 * Why not oauth-1.0a's getBaseString: it sorts names byte-wise (Magento A–D use PHP strnatcmp, so
 * `…%5B10%5D…` must follow `…%5B2%5D…`), it encodes query *names* without decoding them first (a URL with
 * `searchCriteria%5BpageSize%5D` puts `searchCriteria%255BpageSize%255D` in the parameter string, where Magento
 * has `searchCriteria%5BpageSize%5D`), it signs repeated names as several pairs and
 * `flag` without "=" as `flag=` (Magento A–D keep only the last value and drop `=`-less parts), it throws on a
 * malformed escape, and it never lowercases the host or drops a default port. Everything here is hand-written.
 */
import { encodeEncoded, encodedToBytes, rfc3986Encode } from "./encoding";
import { isProtocolParam } from "./protocol-param";
import { addFlatQueryParams, mergeParseStrQueryParams } from "./query-params";
import { strnatcmpAscii } from "./strnatcmp";
import { normaliseParsedUrl, parseUrl } from "./url";
import type { SignatureMode } from "./types";

export interface BaseStringInput {
  method: string;
  /** Absolute URL as sent on the wire (query included). */
  url: string;
  /** oauth_* parameters (decoded values), oauth_signature excluded. */
  oauthParams: ReadonlyArray<readonly [string, string]>;
  /** Decoded application/x-www-form-urlencoded body pairs. */
  formParams?: ReadonlyArray<readonly [string, string]>;
  mode?: SignatureMode;
}

interface EncodedParam {
  name: string;
  value: string;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

function sortParams(entries: EncodedParam[], mode: SignatureMode): EncodedParam[] {
  if (mode !== "E") return entries.sort((x, y) => strnatcmpAscii(x.name, y.name)); // A–D: uksort(strnatcmp) on encoded names
  // Family E: ksort on the raw (decoded) names, i.e. byte order.
  const keyed = entries.map((e) => ({ e, raw: encodedToBytes(e.name) }));
  keyed.sort((x, y) => compareBytes(x.raw, y.raw));
  return keyed.map((k) => k.e);
}

export function buildBaseString(input: BaseStringInput): string {
  const encoded = input.oauthParams.map(([name, value]) => [rfc3986Encode(name), rfc3986Encode(value)] as const);
  return buildBaseStringFromEncoded({ ...input, oauthParams: encoded });
}

/** Same, with the oauth_* pairs already RFC 3986-encoded (signRequest encodes them once for base string and header). */
export function buildBaseStringFromEncoded(input: BaseStringInput): string {
  const mode = input.mode ?? "standard";
  const url = parseUrl(input.url);
  const params = new Map<string, string>();
  // Same insertion order as Magento (header, then body, then query): PHP's sort is stable, so ties keep it.
  for (const [name, value] of input.oauthParams) params.set(name, value);
  if (input.formParams) {
    for (const [name, value] of input.formParams) {
      if (!isProtocolParam(name)) params.set(rfc3986Encode(name), rfc3986Encode(value)); // body oauth_* ignored when the header has them
    }
  }
  if (url.query !== undefined && url.query !== "") {
    addFlatQueryParams(params, url.query);
    if (mode === "E") mergeParseStrQueryParams(params, url.query); // family E (later code) also runs parse_str on the query
  }

  const entries: EncodedParam[] = [];
  for (const [name, value] of params) {
    // Family D (2.4.8, Helper\Request) rawurlencodes every value except the signature once more before signing.
    entries.push({ name, value: mode === "D" ? encodeEncoded(value) : value });
  }
  // The parameter string `k=v&…` is encoded once more inside the base string. Names and values are already
  // canonical (unreserved chars and %XX only), so that second encoding only turns "%" into "%25", "=" into
  // "%3D" and "&" into "%26": done piecewise here instead of re-scanning the joined string.
  let encodedParamString = "";
  for (const e of sortParams(entries, mode)) {
    encodedParamString += (encodedParamString ? "%26" : "") + encodeEncoded(e.name) + "%3D" + encodeEncoded(e.value);
  }

  return `${input.method.toUpperCase()}&${rfc3986Encode(normaliseParsedUrl(url, mode))}&${encodedParamString}`;
}
