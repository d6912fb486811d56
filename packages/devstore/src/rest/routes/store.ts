import { CURRENCY, STORE_GROUPS, STORE_VIEWS, WEBSITES } from "../../data/index.ts";
import type { RouteDef } from "../route.ts";
import { valuesInOrder, type QueryObject } from "../query.ts";

/** magento/magento2 app/code/Magento/Store/etc/webapi.xml: every route needs Magento_Backend::store. */
const STORE = "Magento_Backend::store";

function storeCodesFilter(query: QueryObject): string[] | undefined {
  const v = query.storeCodes;
  if (v === undefined) return undefined;
  return typeof v === "string" ? [v] : valuesInOrder(v).filter((x): x is string => typeof x === "string");
}

export const storeRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/store/storeViews",
    service: "storeStoreRepositoryV1",
    operation: "getList",
    aclResource: STORE,
    summary: "Retrieve list of all stores",
    returns: "StoreView[]",
    handler: () =>
      STORE_VIEWS.map(({ id, code, name, website_id, store_group_id, is_active }) => ({
        id,
        code,
        name,
        website_id,
        store_group_id,
        is_active,
      })),
  },
  {
    method: "GET",
    path: "/V1/store/storeGroups",
    service: "storeGroupRepositoryV1",
    operation: "getList",
    aclResource: STORE,
    summary: "Retrieve list of all groups",
    returns: "StoreGroup[]",
    handler: () => STORE_GROUPS,
  },
  {
    method: "GET",
    path: "/V1/store/websites",
    service: "storeWebsiteRepositoryV1",
    operation: "getList",
    aclResource: STORE,
    summary: "Retrieve list of all websites",
    returns: "Website[]",
    handler: () => WEBSITES,
  },
  {
    method: "GET",
    path: "/V1/store/storeConfigs",
    service: "storeStoreConfigManagerV1",
    operation: "getStoreConfigs",
    aclResource: STORE,
    summary: "Store configs (base URLs derived from the request host)",
    query: [{ name: "storeCodes[]", type: "array", description: "Store codes to return (default: all)" }],
    returns: "StoreConfig[]",
    handler: (ctx) => {
      const wanted = storeCodesFilter(ctx.query);
      const base = ctx.baseUrl;
      return STORE_VIEWS.filter((s) => s.id !== 0 && (!wanted || wanted.includes(s.code))).map((s) => ({
        id: s.id,
        code: s.code,
        website_id: s.website_id,
        locale: s.locale,
        base_currency_code: CURRENCY.base_currency_code,
        default_display_currency_code: s.display_currency,
        timezone: s.code === "fr" ? "Europe/Paris" : "America/Chicago",
        weight_unit: s.code === "fr" ? "kgs" : "lbs",
        base_url: base,
        base_link_url: base,
        base_static_url: `${base}static/`,
        base_media_url: `${base}media/`,
        secure_base_url: base,
        secure_base_link_url: base,
        secure_base_static_url: `${base}static/`,
        secure_base_media_url: `${base}media/`,
      }));
    },
  },
];
