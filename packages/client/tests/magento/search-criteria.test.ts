import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  parseSearchCriteria,
  searchCriteria,
  searchCriteriaToQuery,
  SearchCriteriaError,
} from "../../src/magento/search-criteria.ts";
import { CONDITION_TYPES, type SearchCriteria } from "../../src/magento/search-criteria-types.ts";
import { buildQuery } from "../../src/magento/addressing.ts";

describe("searchCriteria builder", () => {
  it("writes one group per where() (AND) and the seed's parameter names", () => {
    const q = searchCriteria().where("sku", "like", "MH%").where("price", "gt", 10).toQuery();
    expect(q).toEqual([
      ["searchCriteria[filter_groups][0][filters][0][field]", "sku"],
      ["searchCriteria[filter_groups][0][filters][0][value]", "MH%"],
      ["searchCriteria[filter_groups][0][filters][0][condition_type]", "like"],
      ["searchCriteria[filter_groups][1][filters][0][field]", "price"],
      ["searchCriteria[filter_groups][1][filters][0][value]", "10"],
      ["searchCriteria[filter_groups][1][filters][0][condition_type]", "gt"],
    ]);
  });

  it("puts anyOf() filters in one group (OR)", () => {
    const c = searchCriteria()
      .anyOf({ field: "status", value: "pending" }, { field: "status", condition: "eq", value: "processing" })
      .build();
    expect(c.filterGroups).toHaveLength(1);
    expect(c.filterGroups[0]!.filters).toEqual([
      { field: "status", value: "pending", conditionType: "eq" },
      { field: "status", value: "processing", conditionType: "eq" },
    ]);
  });

  it("writes a range as two groups, from then to", () => {
    const c = searchCriteria().range("created_at", "2024-01-01 00:00:00", "2024-12-31 23:59:59").build();
    expect(c.filterGroups).toEqual([
      { filters: [{ field: "created_at", value: "2024-01-01 00:00:00", conditionType: "from" }] },
      { filters: [{ field: "created_at", value: "2024-12-31 23:59:59", conditionType: "to" }] },
    ]);
  });

  it("joins in/nin arrays with commas and refuses arrays elsewhere", () => {
    const c = searchCriteria().where("entity_id", "in", [1, 2, 3]).where("sku", "nin", ["a", "b"]).build();
    expect(c.filterGroups.map((g) => g.filters[0]!.value)).toEqual(["1,2,3", "a,b"]);
    expect(() => searchCriteria().where("sku", "eq", ["a"])).toThrow(SearchCriteriaError);
  });

  it("accepts every condition type of the seed", () => {
    for (const t of CONDITION_TYPES) {
      const value = t === "null" || t === "notnull" ? undefined : "x";
      const q = searchCriteria().where("f", t, value).toQuery();
      expect(q.find(([k]) => k.endsWith("[condition_type]"))?.[1]).toBe(t);
    }
    expect(CONDITION_TYPES).toHaveLength(15);
  });

  it("omits value only for null/notnull and demands it elsewhere", () => {
    const q = searchCriteria().where("special_price", "null").toQuery();
    expect(q.some(([k]) => k.endsWith("[value]"))).toBe(false);
    expect(() => searchCriteria().where("sku", "eq")).toThrow(/needs a value/);
  });

  it("always writes an explicit sort direction, several orders in order", () => {
    const q = searchCriteria().sortBy("created_at", "DESC").sortBy("entity_id").pageSize(20).currentPage(3).toQuery();
    expect(q).toEqual([
      ["searchCriteria[sortOrders][0][field]", "created_at"],
      ["searchCriteria[sortOrders][0][direction]", "DESC"],
      ["searchCriteria[sortOrders][1][field]", "entity_id"],
      ["searchCriteria[sortOrders][1][direction]", "ASC"],
      ["searchCriteria[pageSize]", "20"],
      ["searchCriteria[currentPage]", "3"],
    ]);
  });

  it("rejects bad page numbers", () => {
    expect(() => searchCriteria().pageSize(0)).toThrow(SearchCriteriaError);
    expect(() => searchCriteria().currentPage(1.5)).toThrow(SearchCriteriaError);
  });

  it("serialises with RFC 3986: %20 never +, brackets encoded, % as %25", () => {
    const qs = buildQuery(
      searchCriteria().where("created_at", "gt", "2024-10-25 00:00:00").where("name", "like", "%Bag%").toQuery(),
    );
    expect(qs).toContain(
      "searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=2024-10-25%2000%3A00%3A00",
    );
    expect(qs).toContain("=%25Bag%25");
    expect(qs).not.toContain("+");
    expect(qs).not.toMatch(/[[\] ]/);
  });

  it("build() returns a copy", () => {
    const b = searchCriteria().where("a", "eq", 1);
    const c = b.build();
    c.filterGroups.push({ filters: [] });
    expect(b.build().filterGroups).toHaveLength(1);
  });
});

describe("parseSearchCriteria", () => {
  it("reads camelCase and snake_case, defaulting condition to eq and direction to DESC (seed)", () => {
    const c = parseSearchCriteria([
      ["searchCriteria[filterGroups][0][filters][0][field]", "sku"],
      ["searchCriteria[filterGroups][0][filters][0][value]", "MH01"],
      ["searchCriteria[sortOrders][0][field]", "price"],
      ["searchCriteria[pageSize]", "5"],
      ["fields", "items[sku]"],
    ]);
    expect(c).toEqual({
      filterGroups: [{ filters: [{ field: "sku", value: "MH01", conditionType: "eq" }] }],
      sortOrders: [{ field: "price", direction: "DESC" }],
      pageSize: 5,
    });
  });

  it("orders groups and filters by numeric index, not by appearance or string order", () => {
    const pairs: Array<[string, string]> = [];
    for (const i of [10, 2, 0]) {
      pairs.push([`searchCriteria[filter_groups][${i}][filters][0][field]`, `f${i}`]);
      pairs.push([`searchCriteria[filter_groups][${i}][filters][0][value]`, `v${i}`]);
    }
    expect(parseSearchCriteria(pairs).filterGroups.map((g) => g.filters[0]!.field)).toEqual(["f0", "f2", "f10"]);
  });

  it("rejects malformed searchCriteria parameters", () => {
    expect(() => parseSearchCriteria([["searchCriteria[bogus]", "1"]])).toThrow(/unrecognised/);
    expect(() => parseSearchCriteria([["searchCriteria[pageSize]", "abc"]])).toThrow(/positive integer/);
    expect(() => parseSearchCriteria([["searchCriteria[filter_groups][0][filters][0][value]", "x"]])).toThrow(
      /no field/,
    );
    expect(() =>
      parseSearchCriteria([
        ["searchCriteria[filter_groups][0][filters][0][field]", "x"],
        ["searchCriteria[filter_groups][0][filters][0][condition_type]", "between"],
      ]),
    ).toThrow(/unknown condition/);
  });

  it("round-trips any criteria the builder can express", () => {
    const filter = fc.record({
      field: fc.stringMatching(/^[a-z_]{1,12}$/),
      conditionType: fc.constantFrom(...CONDITION_TYPES),
      value: fc.string({ maxLength: 20 }),
    });
    const criteria = fc.record({
      filterGroups: fc.array(fc.record({ filters: fc.array(filter, { minLength: 1, maxLength: 12 }) }), {
        maxLength: 12,
      }),
      sortOrders: fc.array(
        fc.record({
          field: fc.stringMatching(/^[a-z_]{1,12}$/),
          direction: fc.constantFrom("ASC" as const, "DESC" as const),
        }),
        {
          maxLength: 11,
        },
      ),
      pageSize: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
      currentPage: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(criteria, (c) => {
        const clean: SearchCriteria = { filterGroups: c.filterGroups, sortOrders: c.sortOrders };
        if (c.pageSize !== undefined) clean.pageSize = c.pageSize;
        if (c.currentPage !== undefined) clean.currentPage = c.currentPage;
        expect(parseSearchCriteria(searchCriteriaToQuery(clean))).toEqual(clean);
      }),
    );
  });
});
