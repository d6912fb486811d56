/**
 * The query parameters a Magento store puts into its signature base string
 * (docs/signature-families.md#parameters-in-the-base-string and #where-the-families-differ). Names and values are
 * kept in their canonical RFC 3986 encoding, which is one-to-one with the
 * decoded bytes, so nothing here depends on the bytes being valid UTF-8.
 */
import { reencodeFormComponent, reencodeRawComponent } from "./encoding.ts";
import { isProtocolParam } from "./protocol-param.ts";

/**
 * Every family (Helper\Request::_extractQueryParams): `explode('&')`, keep a part only when `explode('=')` gives
 * exactly two pieces, skip protocol params (tested on the name as sent), rawurldecode name and value (`+` stays
 * `+`), flat names (`searchCriteria[pageSize]` is one name), last value wins.
 */
export function addFlatQueryParams(params: Map<string, string | number>, query: string): void {
  for (const part of query.split("&")) {
    const eq = part.indexOf("=");
    if (eq < 0 || eq !== part.lastIndexOf("=")) continue;
    const rawName = part.slice(0, eq);
    if (isProtocolParam(rawName)) continue;
    params.set(reencodeRawComponent(rawName), reencodeRawComponent(part.slice(eq + 1)));
  }
}

/**
 * The name PHP's parse_str registers (php_register_variable_ex), on a canonical encoded name: it ends at a NUL
 * byte, leading spaces are dropped, `.` and space become `_` up to the first `[`. A `[` with a `]` somewhere after
 * it makes an array (undefined: family E's removeNestedArrays drops arrays); a `[` with no `]` after it becomes
 * `_`, and so do the spaces, dots and `[` after it (PHP 8). An empty name registers nothing (undefined).
 */
export function parseStrName(encodedName: string): string | undefined {
  let name = encodedName;
  const nul = name.indexOf("%00");
  if (nul >= 0) name = name.slice(0, nul);
  while (name.startsWith("%20")) name = name.slice(3);
  let out = "";
  for (let i = 0; i < name.length;) {
    if (name.startsWith("%5B", i)) {
      if (i === 0 || name.includes("%5D", i + 3)) return undefined;
      return out + "_" + name.slice(i + 3).replace(/%20|\.|%5B/g, "_");
    }
    if (name[i] === ".") {
      out += "_";
      i += 1;
    } else if (name.startsWith("%20", i)) {
      out += "_";
      i += 3;
    } else {
      const step = name[i] === "%" ? 3 : 1; // canonical form: every "%" starts an escape
      out += name.slice(i, i + step);
      i += step;
    }
  }
  return out === "" ? undefined : out;
}

/**
 * Family E's Hmac also reads the query with PHP parse_str and merges the result over the flat pairs: a bare
 * `flag` counts as `flag=`, `a=b=c` is kept as a → "b=c", `+` is a space, `.` or space in a name gives an extra
 * `_` name; bracketed names become arrays, which removeNestedArrays drops, so their flat pairs stay as they are.
 * Protocol params stay out, as in the flat extraction.
 */
export function mergeParseStrQueryParams(params: Map<string, string | number>, query: string): void {
  for (const part of query.split("&")) {
    if (part === "") continue; // parse_str's tokenizer skips empty parts
    const eq = part.indexOf("=");
    const name = parseStrName(reencodeFormComponent(eq < 0 ? part : part.slice(0, eq)));
    if (name === undefined || isProtocolParam(name)) continue;
    params.set(name, eq < 0 ? "" : reencodeFormComponent(part.slice(eq + 1)));
  }
}
