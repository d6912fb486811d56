/**
 * Family E reads the query twice: Magento's flat extraction (as A–D) and PHP parse_str, merged
 * (docs/signature-families.md#family-e). Expectations are written from that table: a bare `flag` is signed as `flag=`, `a=b=c` is kept, a raw `+`
 * is a space for names without brackets, `.` or space in a name adds a `_` name; A–D drop or keep the others.
 */
import { describe, expect, it } from "vitest";
import { signRequest } from "../../src/oauth/index.ts";
import { parseStrName } from "../../src/oauth/query-params.ts";

const secrets = { consumerKey: "k", consumerSecret: "s" };

/** The decoded name=value pairs of a base string's parameter part, oauth_* left out. */
function signedPairs(url: string, mode: "standard" | "D" | "E"): string[] {
  const base = signRequest({ method: "GET", url, secrets, nonce: "n", timestamp: 1, mode }).baseString;
  return decodeURIComponent(base.split("&")[2]!)
    .split("&")
    .filter((p) => !p.startsWith("oauth_"))
    .map((p) => decodeURIComponent(p));
}

describe("family E query parameters", () => {
  const url = "https://h/rest/V1/products?flag&q=a+b&eq=b=c&x.y=1&my%20name=2&searchCriteria%5BpageSize%5D=2&tag=c%2Bd";

  it("E adds flag=, keeps a=b=c, reads + as a space and adds _ names", () => {
    expect(signedPairs(url, "E").sort()).toEqual(
      [
        "eq=b=c",
        "flag=",
        "my name=2",
        "my_name=2",
        "q=a b",
        "searchCriteria[pageSize]=2",
        "tag=c+d",
        "x.y=1",
        "x_y=1",
      ].sort(),
    );
  });

  it("standard drops flag and a=b=c, signs + literally, keeps names as sent", () => {
    expect(signedPairs(url, "standard").sort()).toEqual(
      ["my name=2", "q=a+b", "searchCriteria[pageSize]=2", "tag=c+d", "x.y=1"].sort(),
    );
  });

  it("E keeps + literal for bracketed names: parse_str makes them arrays, which are dropped", () => {
    expect(
      signedPairs("https://h/p?searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=a+b", "E"),
    ).toEqual(["searchCriteria[filter_groups][0][filters][0][value]=a+b"]);
  });

  it("E skips oauth_ names in the parse_str pass too", () => {
    expect(signedPairs("https://h/p?oauth_callback&x_oauth_token=1", "E")).toEqual([]);
  });
});

describe("parseStrName (php_register_variable_ex on canonical encoded names)", () => {
  it.each([
    ["a.b", "a_b"],
    ["%20%20a%20b", "a_b"],
    ["a%5Bb%5D", undefined],
    ["a%5Bb", "a_b"],
    ["a.b%5Bc.d%20e%5Bf", "a_b_c_d_e_f"],
    ["%5Bx", undefined],
    ["%20", undefined],
    ["a%00b.c", "a"],
    ["%C3%A9.x", "%C3%A9_x"],
  ])("%s → %s", (name, expected) => {
    expect(parseStrName(name)).toBe(expected);
  });
});
