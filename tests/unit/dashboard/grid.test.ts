import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ariaSortFor,
  gridFields,
  gridHref,
  gridQueryString,
  gridSearchCriteria,
  nextSortFor,
  pageCount,
  parseGridParams,
} from "@/lib/dashboard/grid";
import { productsGrid } from "@/lib/dashboard/products-grid";
import { ordersGrid } from "@/lib/dashboard/orders-grid";
import { customersGrid } from "@/lib/dashboard/customers-grid";
import { cmsPagesGrid } from "@/lib/dashboard/cms-pages-grid";
import { searchCriteriaToQuery, parseSearchCriteria } from "@magento-integration/client";

const qs = (s: string) => new URLSearchParams(s);

describe("products grid: URL → searchCriteria", () => {
  it("defaults: sort by sku ascending, page 1 of 20, no filters", () => {
    const state = parseGridParams(productsGrid, qs(""));
    expect(state).toEqual({
      filters: {},
      sort: { field: "sku", dir: "asc" },
      page: 1,
      pageSize: 20,
      errors: {},
      rejected: {},
    });
    expect(gridSearchCriteria(productsGrid, state)).toEqual({
      filterGroups: [],
      sortOrders: [{ field: "sku", direction: "ASC" }],
      pageSize: 20,
      currentPage: 1,
    });
  });

  it("search text becomes one OR group of name like / sku like with wildcards", () => {
    const c = gridSearchCriteria(productsGrid, parseGridParams(productsGrid, qs("q=bag")));
    expect(c.filterGroups).toEqual([
      {
        filters: [
          { field: "name", value: "%bag%", conditionType: "like" },
          { field: "sku", value: "%bag%", conditionType: "like" },
        ],
      },
    ]);
  });

  it("searches for % and _ as typed (escaped), not as wildcards", () => {
    const c = gridSearchCriteria(productsGrid, parseGridParams(productsGrid, qs("q=50%25_off")));
    expect(c.filterGroups[0]!.filters[0]!.value).toBe("%50\\%\\_off%");
  });

  it("reports parameters the page does not know and values it cannot use, instead of dropping them", () => {
    const s = parseGridParams(ordersGrid, qs("status=bogus&total_from=5&_rsc=x"));
    expect(s.errors.status).toMatch(/unknown order status/);
    expect(s.errors.total_from).toMatch(/not a filter of this page/);
    expect(s.errors._rsc).toBeUndefined();
    expect(s.filters.status).toBeUndefined();
  });

  it("a price range with both ends is two AND groups from/to; one end is gteq or lteq", () => {
    const both = gridSearchCriteria(productsGrid, parseGridParams(productsGrid, qs("price_from=10&price_to=50.5")));
    expect(both.filterGroups).toEqual([
      { filters: [{ field: "price", value: "10", conditionType: "from" }] },
      { filters: [{ field: "price", value: "50.5", conditionType: "to" }] },
    ]);
    const low = gridSearchCriteria(productsGrid, parseGridParams(productsGrid, qs("price_from=10")));
    expect(low.filterGroups).toEqual([{ filters: [{ field: "price", value: "10", conditionType: "gteq" }] }]);
    const high = gridSearchCriteria(productsGrid, parseGridParams(productsGrid, qs("price_to=10")));
    expect(high.filterGroups).toEqual([{ filters: [{ field: "price", value: "10", conditionType: "lteq" }] }]);
  });

  it("status and category are eq groups, ANDed with the rest", () => {
    const c = gridSearchCriteria(productsGrid, parseGridParams(productsGrid, qs("status=2&category=14&q=x")));
    expect(c.filterGroups.map((g) => g.filters.map((f) => `${f.field}:${f.conditionType}:${f.value}`))).toEqual([
      ["name:like:%x%", "sku:like:%x%"],
      ["status:eq:2"],
      ["category_id:eq:14"],
    ]);
  });

  it("sort, direction, page and size come from the URL", () => {
    const state = parseGridParams(productsGrid, qs("sort=price&dir=desc&page=3&size=50"));
    expect(gridSearchCriteria(productsGrid, state)).toMatchObject({
      sortOrders: [{ field: "price", direction: "DESC" }],
      pageSize: 50,
      currentPage: 3,
    });
  });

  it("drops and reports invalid values instead of sending them", () => {
    const state = parseGridParams(
      productsGrid,
      qs("price_from=abc&status=7&sort=password&page=-1&size=1000&category=x"),
    );
    expect(state.filters).toEqual({});
    expect(Object.keys(state.errors).sort()).toEqual(["category", "page", "price_from", "size", "sort", "status"]);
    expect(state.sort).toEqual(productsGrid.defaultSort);
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(20);
    // what was typed into a refused filter stays, to be corrected rather than typed again
    expect(state.rejected).toEqual({ price_from: "abc", status: "7", category: "x" });
  });

  it("accepts Next's searchParams record form, including arrays", () => {
    const state = parseGridParams(productsGrid, { q: ["first", "second"], size: "10", unknown: "x" });
    expect(state.filters).toEqual({ q: "first" });
    expect(state.pageSize).toBe(10);
  });

  it("asks only for the shown columns plus total_count", () => {
    expect(gridFields(productsGrid)).toBe("items[id,sku,name,price,status,type_id,updated_at],total_count");
  });
});

describe("orders grid", () => {
  it("status is one `in` filter with a comma list, from repeated params or a comma list", () => {
    for (const q of [
      "status=pending&status=complete",
      "status=pending,complete",
      "status=pending&status=complete&status=pending",
    ]) {
      const c = gridSearchCriteria(ordersGrid, parseGridParams(ordersGrid, qs(q)));
      expect(c.filterGroups).toEqual([
        { filters: [{ field: "status", value: "pending,complete", conditionType: "in" }] },
      ]);
    }
  });

  it("a created_at date range covers whole days in the store's YYYY-MM-DD hh:mm:ss shape", () => {
    const c = gridSearchCriteria(
      ordersGrid,
      parseGridParams(ordersGrid, qs("created_from=2024-02-01&created_to=2024-02-29")),
    );
    expect(c.filterGroups).toEqual([
      { filters: [{ field: "created_at", value: "2024-02-01 00:00:00", conditionType: "from" }] },
      { filters: [{ field: "created_at", value: "2024-02-29 23:59:59", conditionType: "to" }] },
    ]);
  });

  it("refuses impossible dates", () => {
    const s = parseGridParams(ordersGrid, qs("created_from=2023-02-30&created_to=yesterday"));
    expect(s.filters).toEqual({});
    expect(Object.keys(s.errors).sort()).toEqual(["created_from", "created_to"]);
  });

  it("customer: one word matches first OR last name; two words match first AND last", () => {
    const one = gridSearchCriteria(ordersGrid, parseGridParams(ordersGrid, qs("customer=cost")));
    expect(one.filterGroups).toEqual([
      {
        filters: [
          { field: "customer_firstname", value: "%cost%", conditionType: "like" },
          { field: "customer_lastname", value: "%cost%", conditionType: "like" },
        ],
      },
    ]);
    const two = gridSearchCriteria(ordersGrid, parseGridParams(ordersGrid, qs("customer=Roni%20Cost")));
    expect(two.filterGroups).toEqual([
      { filters: [{ field: "customer_firstname", value: "%Roni%", conditionType: "like" }] },
      { filters: [{ field: "customer_lastname", value: "%Cost%", conditionType: "like" }] },
    ]);
  });

  it("grand total range and default sort newest first", () => {
    const s = parseGridParams(ordersGrid, qs("total_min=100&total_max=200"));
    const c = gridSearchCriteria(ordersGrid, s);
    expect(c.filterGroups).toEqual([
      { filters: [{ field: "grand_total", value: "100", conditionType: "from" }] },
      { filters: [{ field: "grand_total", value: "200", conditionType: "to" }] },
    ]);
    expect(c.sortOrders).toEqual([{ field: "created_at", direction: "DESC" }]);
  });
});

describe("customers and CMS pages grids", () => {
  it("customer search is one OR group over email, first and last name", () => {
    const c = gridSearchCriteria(customersGrid, parseGridParams(customersGrid, qs("q=roni&group=1")));
    expect(c.filterGroups).toEqual([
      {
        filters: [
          { field: "email", value: "%roni%", conditionType: "like" },
          { field: "firstname", value: "%roni%", conditionType: "like" },
          { field: "lastname", value: "%roni%", conditionType: "like" },
        ],
      },
      { filters: [{ field: "group_id", value: "1", conditionType: "eq" }] },
    ]);
  });

  it("CMS active flag", () => {
    const c = gridSearchCriteria(cmsPagesGrid, parseGridParams(cmsPagesGrid, qs("active=0")));
    expect(c.filterGroups).toEqual([{ filters: [{ field: "is_active", value: "0", conditionType: "eq" }] }]);
  });
});

describe("state → canonical URL", () => {
  it("omits defaults and orders params canonically", () => {
    expect(gridQueryString(productsGrid, parseGridParams(productsGrid, qs("")))).toBe("");
    const s = parseGridParams(productsGrid, qs("size=50&category=3&q=bag&dir=desc&sort=price&page=2"));
    expect(gridQueryString(productsGrid, s)).toBe("?q=bag&category=3&sort=price&dir=desc&page=2&size=50");
  });

  it("hrefs: paging keeps filters; changing sort or size resets to page 1", () => {
    const s = parseGridParams(productsGrid, qs("q=bag&page=3"));
    expect(gridHref("/stores/x/products", productsGrid, s, { page: 4 })).toBe("/stores/x/products?q=bag&page=4");
    expect(gridHref("/stores/x/products", productsGrid, s, { sort: { field: "price", dir: "asc" } })).toBe(
      "/stores/x/products?q=bag&sort=price&dir=asc",
    );
    expect(gridHref("/stores/x/products", productsGrid, s, { pageSize: 10 })).toBe("/stores/x/products?q=bag&size=10");
  });

  it("sort toggling and aria-sort", () => {
    const s = parseGridParams(productsGrid, qs("sort=price&dir=asc"));
    expect(nextSortFor(s, "price")).toEqual({ field: "price", dir: "desc" });
    expect(nextSortFor(s, "name")).toEqual({ field: "name", dir: "asc" });
    expect(ariaSortFor(s, "price")).toBe("ascending");
    expect(ariaSortFor(s, "name")).toBe("none");
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });

  it("round-trips: parse(url(state)) gives the same state and the same searchCriteria (property)", () => {
    const amount = fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 100000 }).map(String));
    const arb = fc.record({
      q: fc.oneof(
        fc.constant(undefined),
        fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((s) => s.trim() === s && s.trim().length > 0 && !s.includes(",")),
      ),
      price_from: amount,
      price_to: amount,
      status: fc.constantFrom(undefined, "1", "2"),
      category: fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 9999 }).map(String)),
      sort: fc.constantFrom(...productsGrid.sortFields),
      dir: fc.constantFrom("asc", "desc"),
      page: fc.integer({ min: 1, max: 500 }),
      size: fc.constantFrom(...productsGrid.pageSizes),
    });
    fc.assert(
      fc.property(arb, (r) => {
        const filters = Object.fromEntries(
          Object.entries({
            q: r.q,
            price_from: r.price_from,
            price_to: r.price_to,
            status: r.status,
            category: r.category,
          }).filter(([, v]) => v !== undefined),
        );
        const state = {
          filters,
          sort: { field: r.sort, dir: r.dir as "asc" | "desc" },
          page: r.page,
          pageSize: r.size,
        };
        const url = gridQueryString(productsGrid, state);
        const back = parseGridParams(productsGrid, new URLSearchParams(url.slice(1)));
        expect(back.errors).toEqual({});
        expect(back.filters).toEqual(filters);
        expect(gridQueryString(productsGrid, back)).toBe(url);
        // and the wire form survives packages/client/src/magento's serialiser and parser
        const c = gridSearchCriteria(productsGrid, back);
        expect(parseSearchCriteria(searchCriteriaToQuery(c))).toEqual(c);
      }),
      { numRuns: 300 },
    );
  });
});
