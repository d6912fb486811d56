import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseQuery } from "../src/rest/query";
import { CONDITION_TYPES, parseSearchCriteria } from "../src/rest/search-criteria";
import { enc } from "../../../tests/helpers/devstore-rest-harness";

/** Any value a client may send: spaces, `&`, `=`, `+`, `%`, brackets, commas, non-ASCII. */
const value = fc.string({
  unit: fc.constantFrom("a", "Z", "0", " ", "&", "=", "+", "%", "[", "]", ",", "/", "é", "😀", "-", "_", "."),
});
const field = fc.stringMatching(/^[a-z][a-z_]{0,12}$/);

describe("searchCriteria query parsing (property)", () => {
  it("echo equals what an RFC 3986-encoding client sent, for any values", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.record({ field, value, condition_type: fc.constantFrom(...CONDITION_TYPES) }), {
            minLength: 1,
            maxLength: 3,
          }),
          { maxLength: 3 },
        ),
        fc.array(fc.record({ field, direction: fc.constantFrom("ASC", "DESC") }), { maxLength: 3 }),
        fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
        (groups, sorts, pageSize, currentPage) => {
          const parts: string[] = [];
          groups.forEach((g, i) =>
            g.forEach((f, j) => {
              const p = `searchCriteria[filter_groups][${i}][filters][${j}]`;
              parts.push(
                `${enc(`${p}[field]`)}=${enc(f.field)}`,
                `${p}[value]=${enc(f.value)}`,
                `${p}[condition_type]=${f.condition_type}`,
              );
            }),
          );
          sorts.forEach((s, i) =>
            parts.push(
              `searchCriteria[sortOrders][${i}][field]=${enc(s.field)}`,
              `searchCriteria[sortOrders][${i}][direction]=${s.direction}`,
            ),
          );
          if (pageSize !== undefined) parts.push(`searchCriteria[pageSize]=${pageSize}`);
          if (currentPage !== undefined) parts.push(`searchCriteria[currentPage]=${currentPage}`);
          parts.push("fields=items"); // an unrelated parameter changes nothing
          const query = parseQuery(parts.join("&"));
          if (groups.length === 0 && sorts.length === 0 && pageSize === undefined && currentPage === undefined) {
            // nothing under searchCriteria at all: Magento's required-field error
            expect(() => parseSearchCriteria(query)).toThrow('"%fieldName" is required. Enter and try again.');
            return;
          }
          const expected: Record<string, unknown> = { filter_groups: groups.map((g) => ({ filters: g })) };
          if (sorts.length) expected.sort_orders = sorts;
          if (pageSize !== undefined) expected.page_size = pageSize;
          if (currentPage !== undefined) expected.current_page = currentPage;
          expect(parseSearchCriteria(query)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("`+` in a query value is a space (PHP $_GET), `%2B` is a plus", () => {
    const q = parseQuery("a=x+y&b=x%2By&c[d][0]=1&c[d][1]=2&e");
    expect(q).toEqual({ a: "x y", b: "x+y", c: { d: { 0: "1", 1: "2" } }, e: "" });
  });
});
