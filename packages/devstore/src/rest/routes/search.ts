/**
 * The catalog search API (magento/magento2 app/code/Magento/Search/etc/webapi.xml, `GET /V1/search`, anonymous):
 * `searchCriteria[requestName]` names the search request (quick_search_container for the storefront search box,
 * advanced_search_container, catalog_view_container) and a `search_term` filter the words. Answers document ids
 * with a relevance score and the price/category aggregations, as SearchInterface::search does.
 */
import type { Product } from "../../data/index.ts";
import { badRequest, requiredField } from "../errors.ts";
import type { RouteDef } from "../route.ts";
import { pageOf } from "../search-criteria.ts";

const REQUESTS = new Set(["quick_search_container", "advanced_search_container", "catalog_view_container"]);

function score(p: Product, words: string[]): number {
  const name = p.name.toLowerCase();
  const description = String(
    p.custom_attributes.find((a) => a.attribute_code === "description")?.value ?? "",
  ).toLowerCase();
  let s = 0;
  for (const w of words) {
    if (name.includes(w)) s += 10;
    if (p.sku.toLowerCase().includes(w)) s += 5;
    if (description.includes(w)) s += 1;
  }
  return s;
}

export const searchRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/search",
    service: "searchV1",
    operation: "search",
    aclResource: "anonymous",
    summary: "Full-text product search (requestName + search_term filter); answers ids with scores and aggregations",
    searchCriteria: true,
    returns: "{items: {id, score}[], aggregations, search_criteria, total_count}",
    handler: (ctx) => {
      const criteria = ctx.criteria({ searchRequest: true });
      const name = criteria.request_name;
      if (!name) throw requiredField("requestName");
      if (!REQUESTS.has(name)) throw badRequest("Request name not defined.");
      const filters = criteria.filter_groups.flatMap((g) => g.filters);
      const term = filters.find((f) => f.field === "search_term")?.value ?? "";
      const categoryId = filters.find((f) => f.field === "category_ids")?.value;
      const words = term.toLowerCase().split(/\s+/).filter(Boolean);
      const matches = [...ctx.data.productsById.values()]
        .filter(
          (p) =>
            p.status === 1 &&
            p.visibility >= 3 &&
            (categoryId === undefined ||
              p.extension_attributes.category_links.some((l) => l.category_id === categoryId)),
        )
        .map((p) => ({ p, s: words.length ? score(p, words) : 1 }))
        .filter((x) => x.s > 0)
        .sort((a, b) => b.s - a.s || a.p.id - b.p.id);
      const page = pageOf(matches, criteria);
      const prices = matches.map((m) => m.p.price);
      const buckets = [10, 20, 50, 100, 1000]
        .map((to, i, all) => {
          const from = i === 0 ? 0 : all[i - 1]!;
          return {
            value: `${from}_${to}`,
            metrics: [`${from}_${to}`, prices.filter((v) => v >= from && v < to).length],
          };
        })
        .filter((b) => (b.metrics[1] as number) > 0);
      return {
        items: page.items.map((m) => ({
          id: m.p.id,
          custom_attributes: [{ attribute_code: "score", value: String(m.s) }],
        })),
        aggregations: {
          buckets: [{ name: "price_bucket", values: buckets.map((b) => ({ value: b.value, metrics: b.metrics })) }],
          bucket_names: ["price_bucket"],
        },
        search_criteria: criteria,
        total_count: matches.length,
      };
    },
  },
];
