/** Gift wrapping designs (Adobe Commerce Magento_GiftWrapping, resource Magento_GiftWrapping::magento_giftwrapping). Commerce edition only. */
import type { GiftWrapping } from "../../../data/index.ts";
import { badRequest, notFound, requiredField } from "../../errors.ts";
import type { RouteContext, RouteDef } from "../../route.ts";
import { columns, type SearchableEntity } from "../../searchable.ts";
import { readRecordField } from "../../search-criteria.ts";
import { intParam, optional, requireObject, toFloat, toInt, toStr } from "../input.ts";

const WRAPPING = "Magento_GiftWrapping::magento_giftwrapping";

const WRAPPING_SEARCH: SearchableEntity<GiftWrapping> = {
  name: "giftWrappings",
  storage: "flat",
  table: "magento_giftwrapping",
  rows: (d) => d.giftWrappings.values(),
  fields: () => columns(["wrapping_id", "status", "base_price", "image_name", "design", "website_ids"]),
  read: (w, f) => readRecordField(w as unknown as Record<string, unknown>, f),
};

function wrapping(ctx: RouteContext, id: number): GiftWrapping {
  const w = ctx.data.giftWrappings.get(id);
  if (!w) throw notFound('Gift Wrapping with specified ID "%1" not found.', [id]);
  return w;
}

function save(ctx: RouteContext, input: Record<string, unknown>, existing?: GiftWrapping): GiftWrapping {
  const design = optional(input, "design", toStr) ?? existing?.design;
  if (!design) throw requiredField("design");
  const price = optional(input, "base_price", toFloat) ?? existing?.base_price;
  if (price === undefined) throw requiredField("base_price");
  if (price < 0)
    throw badRequest('Invalid value of "%value" provided for the %fieldName field.', {
      fieldName: "base_price",
      value: price,
    });
  const w: GiftWrapping = {
    wrapping_id: existing?.wrapping_id ?? ctx.data.nextId("giftWrapping"),
    design,
    status: optional(input, "status", toInt) ?? existing?.status ?? 1,
    base_price: price,
    website_ids: Array.isArray(input.website_ids) ? input.website_ids.map(toInt) : (existing?.website_ids ?? [1]),
    base_currency_code: "USD",
  };
  const image = optional(input, "image_name", toStr) ?? existing?.image_name;
  if (image !== undefined) w.image_name = image;
  ctx.data.giftWrappings.set(w.wrapping_id, w);
  return w;
}

const body = [
  {
    name: "data",
    type: "object" as const,
    required: true,
    description: "{design, status, base_price, website_ids[], image_name}",
  },
];
const common = { edition: "commerce" as const, aclResource: WRAPPING };

export const giftWrappingRoutes: RouteDef[] = [
  {
    ...common,
    method: "GET",
    path: "/V1/gift-wrappings",
    service: "giftWrappingWrappingRepositoryV1",
    operation: "getList",
    summary: "Gift wrapping designs matching the criteria",
    searchCriteria: true,
    returns: "{items: GiftWrapping[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(WRAPPING_SEARCH),
  },
  {
    ...common,
    method: "GET",
    path: "/V1/gift-wrappings/:id",
    service: "giftWrappingWrappingRepositoryV1",
    operation: "get",
    summary: "A gift wrapping design",
    returns: "GiftWrapping",
    handler: (ctx) => wrapping(ctx, intParam(ctx.params, "id")),
  },
  {
    ...common,
    method: "POST",
    path: "/V1/gift-wrappings",
    service: "giftWrappingWrappingRepositoryV1",
    operation: "save",
    summary: "Create a gift wrapping design",
    body,
    returns: "GiftWrapping",
    handler: (ctx) => {
      const { wrapping_id: _id, ...rest } = requireObject(ctx.body, "data");
      return save(ctx, rest);
    },
  },
  {
    ...common,
    method: "PUT",
    path: "/V1/gift-wrappings/:wrappingId",
    service: "giftWrappingWrappingRepositoryV1",
    operation: "save",
    summary: "Change a gift wrapping design",
    body,
    returns: "GiftWrapping",
    handler: (ctx) => save(ctx, requireObject(ctx.body, "data"), wrapping(ctx, intParam(ctx.params, "wrappingId"))),
  },
  {
    ...common,
    method: "DELETE",
    path: "/V1/gift-wrappings/:id",
    service: "giftWrappingWrappingRepositoryV1",
    operation: "deleteById",
    summary: "Delete a gift wrapping design",
    returns: "boolean",
    handler: (ctx) => ctx.data.giftWrappings.delete(wrapping(ctx, intParam(ctx.params, "id")).wrapping_id),
  },
];
