/**
 * Product media gallery (magento/magento2 app/code/Magento/Catalog/etc/webapi.xml: media types and single entries
 * need Magento_Catalog::attributes_attributes, the list and writes Magento_Catalog::catalog). Uploaded images
 * arrive base64-encoded; the dev store keeps the file name it would have written (`/x/y/name.jpg`).
 */
import type { MediaEntry, Product } from "../../data/index.ts";
import { badRequest, notFound, requiredField } from "../errors.ts";
import type { RouteDef } from "../route.ts";
import { intParam, optional, rejectUnknownKeys, requireObject, toBool, toInt, toStr } from "./input.ts";
import { requireProduct } from "./products.ts";
import { renderAttribute } from "./catalog-attributes.ts";

const ENTRY_KEYS = new Set([
  "id",
  "media_type",
  "label",
  "position",
  "disabled",
  "types",
  "file",
  "content",
  "extension_attributes",
]);
const IMAGE_TYPES = new Set(["image/jpeg", "image/jpg", "image/png", "image/gif"]);

function entry(p: Product, id: number, missing: string): MediaEntry {
  const e = p.media_gallery_entries.find((x) => x.id === id);
  if (!e) throw notFound(missing);
  return e;
}

/** One role (image, small_image, thumbnail) belongs to one entry at a time. */
function claimTypes(p: Product, owner: MediaEntry, types: string[]): void {
  for (const other of p.media_gallery_entries)
    if (other !== owner) other.types = other.types.filter((t) => !types.includes(t));
  owner.types = types;
}

function applyEntry(p: Product, e: MediaEntry, input: Record<string, unknown>): void {
  rejectUnknownKeys(input, ENTRY_KEYS, "Magento\\Catalog\\Api\\Data\\ProductAttributeMediaGalleryEntryInterface");
  const label = optional(input, "label", toStr);
  if (label !== undefined) e.label = label;
  const position = optional(input, "position", toInt);
  if (position !== undefined) e.position = position;
  const disabled = optional(input, "disabled", toBool);
  if (disabled !== undefined) e.disabled = disabled;
  if (Array.isArray(input.types)) claimTypes(p, e, input.types.map(toStr));
}

/** ImageContentValidator: base64 data, an image MIME type and a file name. */
function uploadedFile(content: Record<string, unknown>, sku: string): string {
  const data = optional(content, "base64_encoded_data", toStr) ?? "";
  if (data === "" || !/^[A-Za-z0-9+/=\s]+$/.test(data) || Buffer.from(data, "base64").length === 0)
    throw badRequest("The image content must be valid base64 encoded data.");
  const type = optional(content, "type", toStr) ?? "";
  if (!IMAGE_TYPES.has(type)) throw badRequest("The image MIME type is not valid or not supported.");
  const name = optional(content, "name", toStr) ?? "";
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw badRequest("Provided image name contains forbidden characters.");
  const ext = type === "image/png" ? "png" : type === "image/gif" ? "gif" : "jpg";
  const base = name.replace(/\.[A-Za-z0-9]+$/, "").toLowerCase();
  return `/${base[0] ?? "x"}/${base[1] ?? "x"}/${base}-${sku.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.${ext}`;
}

export const productMediaRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/products/media/types/:attributeSetName",
    service: "catalogProductMediaAttributeManagementV1",
    operation: "getList",
    aclResource: "Magento_Catalog::attributes_attributes",
    summary: "Image roles (media_image attributes) of an attribute set, by set name",
    returns: "ProductAttribute[]",
    handler: (ctx) => {
      const set = [...ctx.data.attributeSets.values()].find(
        (s) => s.entity_type_id === 4 && s.attribute_set_name === ctx.params.attributeSetName,
      );
      if (!set) return [];
      const codes = new Set(
        [...ctx.data.attributeGroups.values()]
          .filter((g) => g.attribute_set_id === set.attribute_set_id)
          .flatMap((g) => g.attributes),
      );
      return [...ctx.data.productAttributes.values()]
        .filter((a) => a.frontend_input === "media_image" && codes.has(a.attribute_code))
        .map(renderAttribute);
    },
  },
  {
    method: "GET",
    path: "/V1/products/:sku/media",
    service: "catalogProductAttributeMediaGalleryManagementV1",
    operation: "getList",
    aclResource: "Magento_Catalog::catalog",
    summary: "Media gallery entries of a product",
    returns: "MediaEntry[]",
    handler: (ctx) => requireProduct(ctx.data, ctx.params.sku ?? "").media_gallery_entries,
  },
  {
    method: "POST",
    path: "/V1/products/:sku/media",
    service: "catalogProductAttributeMediaGalleryManagementV1",
    operation: "create",
    aclResource: "Magento_Catalog::catalog",
    summary: "Add an image (base64 content) to a product; answers the entry id",
    body: [
      {
        name: "entry",
        type: "object",
        required: true,
        description: "{media_type, label, position, disabled, types[], content: {base64_encoded_data, type, name}}",
      },
    ],
    returns: "integer",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const input = requireObject(ctx.body, "entry");
      const content = input.content;
      if (content === undefined || content === null || typeof content !== "object") throw requiredField("content");
      const e: MediaEntry = {
        id: ++ctx.data.relationIds.mediaEntry,
        media_type: optional(input, "media_type", toStr) ?? "image",
        label: null,
        position: p.media_gallery_entries.length + 1,
        disabled: false,
        types: [],
        file: uploadedFile(content as Record<string, unknown>, p.sku),
      };
      const { content: _c, id: _id, file: _f, ...rest } = input;
      p.media_gallery_entries.push(e);
      applyEntry(p, e, rest);
      return e.id;
    },
  },
  {
    method: "GET",
    path: "/V1/products/:sku/media/:entryId",
    service: "catalogProductAttributeMediaGalleryManagementV1",
    operation: "get",
    aclResource: "Magento_Catalog::attributes_attributes",
    summary: "One media gallery entry",
    returns: "MediaEntry",
    handler: (ctx) =>
      entry(
        requireProduct(ctx.data, ctx.params.sku ?? ""),
        intParam(ctx.params, "entryId"),
        "The image doesn't exist. Verify and try again.",
      ),
  },
  {
    method: "PUT",
    path: "/V1/products/:sku/media/:entryId",
    service: "catalogProductAttributeMediaGalleryManagementV1",
    operation: "update",
    aclResource: "Magento_Catalog::catalog",
    summary: "Change an entry's label, position, roles or visibility",
    body: [{ name: "entry", type: "object", required: true, description: "{label, position, disabled, types[]}" }],
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const e = entry(
        p,
        intParam(ctx.params, "entryId"),
        "No image with the provided ID was found. Verify the ID and try again.",
      );
      const { id: _id, file: _f, content: _c, ...rest } = requireObject(ctx.body, "entry");
      applyEntry(p, e, rest);
      return true;
    },
  },
  {
    method: "DELETE",
    path: "/V1/products/:sku/media/:entryId",
    service: "catalogProductAttributeMediaGalleryManagementV1",
    operation: "remove",
    aclResource: "Magento_Catalog::catalog",
    summary: "Remove an image from a product",
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const e = entry(
        p,
        intParam(ctx.params, "entryId"),
        "No image with the provided ID was found. Verify the ID and try again.",
      );
      p.media_gallery_entries = p.media_gallery_entries.filter((x) => x !== e);
      return true;
    },
  },
];
