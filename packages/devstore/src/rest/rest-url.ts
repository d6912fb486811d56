import { STORE_VIEWS, type StoreView } from "../data/index.ts";

const ADMIN_STORE = STORE_VIEWS.find((s) => s.code === "admin") ?? STORE_VIEWS[0]!;
/** Store codes usable in `/rest/{store_code}/…`: active views except admin (Magento: getStores(false, true)). */
const STORES_BY_CODE = new Map<string, StoreView>(STORE_VIEWS.filter((s) => s.id !== 0).map((s) => [s.code, s]));
const DEFAULT_STORE = STORES_BY_CODE.get("default") ?? ADMIN_STORE;

export interface ParsedRestUrl {
  /** `default`, a store code, or `all`. */
  storeCode: string;
  store: StoreView;
  /** The path after `/rest[/{store}]`, escapes as sent (e.g. `/V1/products/ABC%2F10`). */
  pathInfo: string;
  query: string;
}

/**
 * `/rest/V1/…`, `/rest/{store_code}/V1/…`, `/index.php/rest/…`, split the way magento/magento2
 * app/code/Magento/Webapi/Controller/PathProcessor.php::process does: the part after `rest` is a store code when
 * it names an active store view (not admin); `all` selects the admin store (id 0) for every route; anything else
 * stays in the path, which then matches no route (404).
 */
export function parseRestUrl(rawUrl: string): ParsedRestUrl | undefined {
  const q = rawUrl.indexOf("?");
  let path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = q === -1 ? "" : rawUrl.slice(q + 1);
  if (path.startsWith("/index.php/")) path = path.slice("/index.php".length);
  // explode('/', trim($pathInfo, '/'), 3), drop `rest`, then split off the first part.
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  const [first, ...rest] = trimmed.split("/");
  if (first !== "rest") return undefined;
  const afterRest = rest.join("/").replace(/^\/+/, "");
  const slash = afterRest.indexOf("/");
  const code = slash === -1 ? afterRest : afterRest.slice(0, slash);
  const remainder = slash === -1 ? "" : afterRest.slice(slash + 1);
  const known = STORES_BY_CODE.get(code);
  if (known) return { storeCode: code, store: known, pathInfo: `/${remainder}`, query };
  if (code === "all") return { storeCode: "all", store: ADMIN_STORE, pathInfo: `/${remainder}`, query };
  return { storeCode: "default", store: DEFAULT_STORE, pathInfo: `/${afterRest}`, query };
}
