/**
 * Product links (magento/magento2 app/code/Magento/Catalog/etc/webapi.xml, resource Magento_Catalog::catalog):
 * related, up-sell and cross-sell products, and a grouped product's members (`associated`).
 */
import type { Product, ProductLink } from "../../data/index.ts";
import { badRequest, notFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { nowText, optional, requireArray, requireObject, toFloat, toInt, toStr } from "./input.ts";
import { requireProduct } from "./products.ts";

const CATALOG = "Magento_Catalog::catalog";
const LINK_TYPES: readonly [code: number, name: string][] = [
  [1, "related"],
  [3, "associated"],
  [4, "upsell"],
  [5, "crosssell"],
];

function linkType(raw: string): string {
  // LinkTypeProvider: an unknown type name is an input error.
  if (!LINK_TYPES.some(([, name]) => name === raw))
    throw notFound('The "%1" link type is unknown. Verify the type and try again.', [raw]);
  return raw;
}

function parseLink(ctx: RouteContext, owner: Product, raw: Record<string, unknown>): ProductLink {
  const type = linkType(optional(raw, "link_type", toStr) ?? "");
  const linkedSku = optional(raw, "linked_product_sku", toStr);
  if (!linkedSku) throw requiredField("linked_product_sku");
  const linked = ctx.data.product(linkedSku);
  if (!linked) throw notFound("The product that was requested doesn't exist. Verify the product and try again.");
  if (type === "associated" && owner.type_id !== "grouped")
    throw badRequest("The linked product type is not supported: only grouped products have associated products.");
  const ext = raw.extension_attributes as Record<string, unknown> | undefined;
  return {
    sku: owner.sku,
    link_type: type,
    linked_product_sku: linked.sku,
    linked_product_type: linked.type_id,
    position: optional(raw, "position", toInt) ?? 0,
    ...(type === "associated" ? { extension_attributes: { qty: ext?.qty === undefined ? 1 : toFloat(ext.qty) } } : {}),
  };
}

const sameLink = (a: ProductLink, b: ProductLink) =>
  a.link_type === b.link_type && a.linked_product_sku.toLowerCase() === b.linked_product_sku.toLowerCase();

export const productLinkRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/products/links/types",
    service: "catalogProductLinkTypeListV1",
    operation: "getItems",
    aclResource: CATALOG,
    summary: "Link types",
    returns: "{code, name}[]",
    handler: () => LINK_TYPES.map(([code, name]) => ({ code, name })),
  },
  {
    method: "GET",
    path: "/V1/products/links/:type/attributes",
    service: "catalogProductLinkTypeListV1",
    operation: "getItemAttributes",
    aclResource: CATALOG,
    summary: "Attributes a link of this type carries",
    returns: "{code, type}[]",
    handler: (ctx) => {
      const type = linkType(ctx.params.type ?? "");
      return type === "associated"
        ? [
            { code: "position", type: "int" },
            { code: "qty", type: "decimal" },
          ]
        : [{ code: "position", type: "int" }];
    },
  },
  {
    method: "GET",
    path: "/V1/products/:sku/links/:type",
    service: "catalogProductLinkManagementV1",
    operation: "getLinkedItemsByType",
    aclResource: CATALOG,
    summary: "A product's links of one type",
    returns: "ProductLink[]",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const type = linkType(ctx.params.type ?? "");
      return p.product_links.filter((l) => l.link_type === type);
    },
  },
  {
    method: "POST",
    path: "/V1/products/:sku/links",
    service: "catalogProductLinkManagementV1",
    operation: "setProductLinks",
    aclResource: CATALOG,
    summary: "Add links (a link to the same product and type is replaced)",
    body: [{ name: "items", type: "array", required: true, description: "ProductLink[]" }],
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const links = requireArray(ctx.body, "items").map((l) => parseLink(ctx, p, (l ?? {}) as Record<string, unknown>));
      p.product_links = [...p.product_links.filter((x) => !links.some((l) => sameLink(l, x))), ...links];
      p.updated_at = nowText(ctx.now);
      return true;
    },
  },
  {
    method: "PUT",
    path: "/V1/products/:sku/links",
    service: "catalogProductLinkRepositoryV1",
    operation: "save",
    aclResource: CATALOG,
    summary: "Save one link",
    body: [{ name: "entity", type: "object", required: true, description: "ProductLink" }],
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const link = parseLink(ctx, p, requireObject(ctx.body, "entity"));
      p.product_links = [...p.product_links.filter((x) => !sameLink(link, x)), link];
      p.updated_at = nowText(ctx.now);
      return true;
    },
  },
  {
    method: "DELETE",
    path: "/V1/products/:sku/links/:type/:linkedProductSku",
    service: "catalogProductLinkRepositoryV1",
    operation: "deleteById",
    aclResource: CATALOG,
    summary: "Remove a link",
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const type = linkType(ctx.params.type ?? "");
      const linked = ctx.params.linkedProductSku ?? "";
      const kept = p.product_links.filter(
        (l) => !(l.link_type === type && l.linked_product_sku.toLowerCase() === linked.toLowerCase()),
      );
      if (kept.length === p.product_links.length)
        throw notFound("Product %1 doesn't have linked %2 as %3", [p.sku, linked, type]);
      p.product_links = kept;
      return true;
    },
  },
];
