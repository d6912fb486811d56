/**
 * The signature base string exactly as Magento's server computes it (docs/signature-families.md#the-base-string).
 *
 * Why not oauth-1.0a's getBaseString: it sorts names byte-wise (Magento A–D use PHP strnatcmp, so
 * `…%5B10%5D…` must follow `…%5B2%5D…`), it encodes query *names* without decoding them first (a URL with
 * `searchCriteria%5BpageSize%5D` puts `searchCriteria%255BpageSize%255D` in the parameter string, where Magento
 * has `searchCriteria%5BpageSize%5D`), it signs repeated names as several pairs and
 * `flag` without "=" as `flag=` (Magento A–D keep only the last value and drop `=`-less parts), it throws on a
 * malformed escape, and it never lowercases the host or drops a default port. Everything here is hand-written.
 */
import { encodeEncoded, encodedToBytes, rfc3986Encode } from "./encoding.ts";
import { isProtocolParam } from "./protocol-param.ts";
import { addFlatQueryParams, mergeParseStrQueryParams } from "./query-params.ts";
import { strnatcmpAscii } from "./strnatcmp.ts";
import { normaliseParsedUrl, parseUrl, type ParsedUrl } from "./url.ts";
import type { SignatureMode } from "./types.ts";

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
  /** The encoded value, or for an oauth_* parameter its index in `oauthParams` (its value changes every call). */
  value: string | number;
}

/** One piece of the parameter string: fixed text, or an oauth_* value (by index) after its fixed `name%3D`. */
type Slot = string | { readonly index: number; readonly prefix: string };

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

/** True when the names are already in order (a query-less call: the oauth_* names come sorted), so no sort is needed. */
function inOrder(entries: readonly EncodedParam[]): boolean {
  for (let i = 1; i < entries.length; i++) if (strnatcmpAscii(entries[i - 1]!.name, entries[i]!.name) > 0) return false;
  return true;
}

function sortParams(entries: EncodedParam[], mode: SignatureMode): EncodedParam[] {
  // A–D: uksort(strnatcmp) on encoded names; a stable sort leaves entries already in order where they are
  if (mode !== "E") return inOrder(entries) ? entries : entries.sort((x, y) => strnatcmpAscii(x.name, y.name));
  // Family E: ksort on the raw (decoded) names, i.e. byte order.
  const keyed = entries.map((e) => ({ e, raw: encodedToBytes(e.name) }));
  keyed.sort((x, y) => compareBytes(x.raw, y.raw));
  return keyed.map((k) => k.e);
}

export function buildBaseString(input: BaseStringInput): string {
  const encoded = input.oauthParams.map(([name, value]) => [rfc3986Encode(name), rfc3986Encode(value)] as const);
  return buildBaseStringFromEncoded({ ...input, oauthParams: encoded });
}

/**
 * The order and text of the parameter string for a set of oauth_* names, body pairs and query: everything but the
 * oauth_* values. It depends only on names (the sort never looks at values), so a signer computes it once per
 * query it sees and only drops the values into their slots on each call (sign.ts).
 */
export function parameterLayout(
  mode: SignatureMode,
  oauthNames: readonly string[],
  formParams: BaseStringInput["formParams"],
  query: string | undefined,
): ParameterLayout {
  const params = new Map<string, string | number>();
  // Same insertion order as Magento (header, then body, then query): PHP's sort is stable, so ties keep it.
  oauthNames.forEach((name, index) => params.set(name, index));
  if (formParams) {
    for (const [name, value] of formParams) {
      if (!isProtocolParam(name)) params.set(rfc3986Encode(name), rfc3986Encode(value)); // body oauth_* ignored when the header has them
    }
  }
  if (query !== undefined && query !== "") {
    addFlatQueryParams(params, query);
    if (mode === "E") mergeParseStrQueryParams(params, query); // family E (later code) also runs parse_str on the query
  }
  const entries: EncodedParam[] = [];
  for (const [name, value] of params) entries.push({ name, value });
  // The parameter string `k=v&…` is encoded once more inside the base string. Names and values are already
  // canonical (unreserved chars and %XX only), so that second encoding only turns "%" into "%25", "=" into
  // "%3D" and "&" into "%26": done piecewise here instead of re-scanning the joined string.
  return sortParams(entries, mode).map((e, i): Slot => {
    const prefix = (i > 0 ? "%26" : "") + encodeEncoded(e.name) + "%3D";
    return typeof e.value === "number"
      ? { index: e.value, prefix }
      : prefix + encodeEncoded(valueForMode(e.value, mode));
  });
}

export type ParameterLayout = readonly Slot[];

/** Family D (2.4.8, Helper\Request) rawurlencodes every value except the signature once more before signing. */
function valueForMode(value: string, mode: SignatureMode): string {
  return mode === "D" ? encodeEncoded(value) : value;
}

/** `METHOD&enc(uri)&enc(params)` from a layout and the oauth_* values (encoded, in the order of its names). */
export function baseStringFromLayout(
  method: string,
  url: ParsedUrl,
  mode: SignatureMode,
  layout: ParameterLayout,
  oauthValues: readonly string[],
): string {
  let encodedParamString = "";
  for (const slot of layout) {
    encodedParamString +=
      typeof slot === "string" ? slot : slot.prefix + encodeEncoded(valueForMode(oauthValues[slot.index]!, mode));
  }
  return `${method.toUpperCase()}&${rfc3986Encode(normaliseParsedUrl(url, mode))}&${encodedParamString}`;
}

/** Same, with the oauth_* pairs already RFC 3986-encoded. */
export function buildBaseStringFromEncoded(input: BaseStringInput): string {
  const mode = input.mode ?? "standard";
  const url = parseUrl(input.url);
  const names = input.oauthParams.map(([name]) => name);
  const values = input.oauthParams.map(([, value]) => value);
  return baseStringFromLayout(
    input.method,
    url,
    mode,
    parameterLayout(mode, names, input.formParams, url.query),
    values,
  );
}
