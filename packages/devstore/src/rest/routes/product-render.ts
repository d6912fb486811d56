/**
 * `GET /V1/products-render-info` (ProductRenderListInterface, anonymous in magento/magento2
 * app/code/Magento/Catalog/etc/webapi.xml): what a storefront widget needs to draw product tiles, for one store
 * view and currency: prices raw and formatted, the image, the product URL, salability.
 */
import { CURRENCY, STORE_VIEWS, type Product } from "../../data/index.ts";
import { invalidFieldValue, notFound } from "../errors.ts";
import type { RouteDef } from "../route.ts";
import { requireQuery, toInt, toStr } from "./input.ts";
import { PRODUCT_SEARCH } from "./products.ts";

function money(amount: number, code: string): string {
  const symbol = code === "EUR" ? "€" : "$";
  return `<span class="price">${symbol}${amount.toFixed(2)}</span>`;
}

function render(p: Product, storeId: number, currency: string, rate: number, baseUrl: string): Record<string, unknown> {
  const attr = (code: string) => p.custom_attributes.find((a) => a.attribute_code === code)?.value;
  const special = attr("special_price") === undefined ? undefined : Number(attr("special_price"));
  const regular = p.price * rate;
  const final = (special !== undefined && special < p.price ? special : p.price) * rate;
  const image = p.media_gallery_entries.find((e) => e.types.includes("small_image"));
  const prices = {
    final_price: final,
    max_price: final,
    max_regular_price: regular,
    minimal_regular_price: regular,
    special_price: special === undefined ? null : special * rate,
    minimal_price: final,
    regular_price: regular,
  };
  return {
    price_info: {
      ...prices,
      formatted_prices: Object.fromEntries(
        Object.entries(prices).map(([k, v]) => [k, v === null ? null : money(v, currency)]),
      ),
      extension_attributes: {
        msrp: {
          msrp_price: money(0, currency),
          is_applicable: "",
          is_shown_price_on_gesture: "1",
          msrp_message: "",
          explanation_message: "",
        },
      },
    },
    images: image
      ? [
          {
            url: `${baseUrl}media/catalog/product/cache/small${image.file}`,
            code: "recently_viewed_products_grid_content_widget",
            height: 300,
            width: 240,
            label: p.name,
            resized_width: 240,
            resized_height: 300,
          },
        ]
      : [],
    url: `${baseUrl}${String(attr("url_key") ?? p.sku)}.html`,
    id: p.id,
    name: p.name,
    type: p.type_id,
    is_salable: p.status === 1 && p.extension_attributes.stock_item.is_in_stock ? "1" : "",
    store_id: storeId,
    currency_code: currency,
    extension_attributes: { review_html: "", wishlist_button: { post_data: null, url: null } },
  };
}

export const productRenderRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/products-render-info",
    service: "catalogProductRenderListV1",
    operation: "getList",
    aclResource: "anonymous",
    summary: "Product tiles (prices, image, URL) for a store view and currency",
    searchCriteria: true,
    query: [
      { name: "storeId", type: "integer", required: true, description: "Store view id" },
      { name: "currencyCode", type: "string", required: true, description: "USD or EUR" },
    ],
    returns: "{items: ProductRender[], search_criteria, total_count}",
    handler: (ctx) => {
      requireQuery(ctx.query, ["searchCriteria", "storeId", "currencyCode"]);
      const storeId = toInt(ctx.query.storeId);
      if (!STORE_VIEWS.some((s) => s.id === storeId && s.id !== 0))
        throw notFound("The store that was requested wasn't found. Verify the store and try again.");
      const currency = toStr(ctx.query.currencyCode).toUpperCase();
      const rate = CURRENCY.exchange_rates.find((r) => r.currency_to === currency)?.rate;
      if (rate === undefined) throw invalidFieldValue("currencyCode", currency);
      const result = ctx.search({
        ...PRODUCT_SEARCH,
        name: "productsVisible",
        rows: (d) => [...d.productsById.values()].filter((p) => p.visibility > 1 && p.status === 1),
      });
      return { ...result, items: result.items.map((p) => render(p, storeId, currency, rate, ctx.baseUrl)) };
    },
  },
];
