/** Product ↔ website assignment (magento/magento2 app/code/Magento/Catalog/etc/webapi.xml, resource Magento_Catalog::products). */
import { WEBSITES } from "../../data/index.ts";
import { badRequest, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, requireObject, toInt, toStr } from "./input.ts";
import { requireProduct } from "./products.ts";

const PRODUCTS = "Magento_Catalog::products";

function assign(ctx: RouteContext): true {
  const link = requireObject(ctx.body, "productWebsiteLink");
  if (link.website_id === undefined) throw requiredField("website_id");
  const p = requireProduct(ctx.data, link.sku === undefined ? (ctx.params.sku ?? "") : toStr(link.sku));
  const websiteId = toInt(link.website_id);
  if (!WEBSITES.some((w) => w.id === websiteId && w.id !== 0)) {
    throw badRequest('Could not assign product "%1" to websites %2', [p.sku, websiteId]);
  }
  if (!p.extension_attributes.website_ids.includes(websiteId)) p.extension_attributes.website_ids.push(websiteId);
  return true;
}

const body = [
  { name: "productWebsiteLink", type: "object" as const, required: true, description: "{sku, website_id}" },
];

export const productWebsiteRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/V1/products/:sku/websites",
    service: "catalogProductWebsiteLinkRepositoryV1",
    operation: "save",
    aclResource: PRODUCTS,
    summary: "Assign a product to a website",
    body,
    returns: "true",
    handler: assign,
  },
  {
    method: "PUT",
    path: "/V1/products/:sku/websites",
    service: "catalogProductWebsiteLinkRepositoryV1",
    operation: "save",
    aclResource: PRODUCTS,
    summary: "Assign a product to a website",
    body,
    returns: "true",
    handler: assign,
  },
  {
    method: "DELETE",
    path: "/V1/products/:sku/websites/:websiteId",
    service: "catalogProductWebsiteLinkRepositoryV1",
    operation: "deleteById",
    aclResource: PRODUCTS,
    summary: "Remove a product from a website",
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const websiteId = intParam(ctx.params, "websiteId");
      if (!p.extension_attributes.website_ids.includes(websiteId))
        throw badRequest('Could not delete product "%1" from websites %2', [p.sku, websiteId]);
      p.extension_attributes.website_ids = p.extension_attributes.website_ids.filter((w) => w !== websiteId);
      return true;
    },
  },
];
