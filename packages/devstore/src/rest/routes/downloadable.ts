/**
 * Downloadable links and samples (magento/magento2 app/code/Magento/Downloadable/etc/webapi.xml, resource
 * Magento_Downloadable::downloadable). Behaviour and messages of Downloadable/Model/LinkRepository.php,
 * SampleRepository.php and their content validators.
 */
import type { DownloadableLink, DownloadableSample, Product, StoreData } from "../../data/index.ts";
import { badRequest, notFound } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, nowText, optional, requireObject, toInt, toStr } from "./input.ts";
import { requireProduct } from "./products.ts";

const DOWNLOADABLE = "Magento_Downloadable::downloadable";
const LINK_MISSING = "No downloadable link with the provided ID was found. Verify the ID and try again.";
const SAMPLE_MISSING = "No downloadable sample with the provided ID was found. Verify the ID and try again.";

function downloadable(data: StoreData, sku: string): Product {
  const p = requireProduct(data, sku);
  if (p.type_id !== "downloadable")
    throw badRequest("The product needs to be the downloadable type. Verify the product and try again.");
  return p;
}

const linksOf = (p: Product) => (p.extension_attributes.downloadable_product_links ??= []);
const samplesOf = (p: Product) => (p.extension_attributes.downloadable_product_samples ??= []);

/** A file or URL source: `{type}_url` must be a URL, `{type}_file_content` valid base64 with a file name. */
function source(
  input: Record<string, unknown>,
  prefix: "link" | "sample",
  owner: string,
  existing?: { type?: string; file?: string; url?: string },
): { type: "url" | "file"; file?: string; url?: string } {
  const type = optional(input, `${prefix}_type`, toStr) ?? existing?.type;
  if (type !== "url" && type !== "file")
    throw badRequest(`Invalid value of "%value" provided for the %fieldName field.`, {
      fieldName: `${prefix}_type`,
      value: type ?? "",
    });
  if (type === "url") {
    const url = optional(input, `${prefix}_url`, toStr) ?? existing?.url ?? "";
    if (!/^https?:\/\/[^\s/]+\.[^\s]+$/.test(url))
      throw badRequest(prefix === "link" ? "Link URL must have valid format." : "Sample URL must have valid format.");
    return { type, url };
  }
  const content = input[`${prefix}_file_content`] as Record<string, unknown> | undefined;
  if (!content) {
    const file = optional(input, `${prefix}_file`, toStr) ?? existing?.file;
    if (!file) throw badRequest(prefix === "link" ? "Link file not provided" : "Sample file not provided");
    return { type, file };
  }
  const data = optional(content, "file_data", toStr) ?? "";
  if (!/^[A-Za-z0-9+/=\s]+$/.test(data)) throw badRequest("Provided content must be valid base64 encoded data.");
  const name = optional(content, "name", toStr) ?? "";
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw badRequest("Provided file name contains forbidden characters.");
  return { type, file: `/${owner[0] ?? "x"}/${owner[1] ?? "x"}/${name}` };
}

function saveLink(ctx: RouteContext, p: Product, input: Record<string, unknown>, existing?: DownloadableLink): number {
  const title = optional(input, "title", toStr) ?? existing?.title ?? "";
  if (title.trim() === "") throw badRequest("The link title is empty. Enter the link title and try again.");
  const price = optional(input, "price", Number) ?? existing?.price ?? 0;
  if (!Number.isFinite(price) || price < 0) throw badRequest("Link price must have numeric positive value.");
  const downloads = optional(input, "number_of_downloads", Number) ?? existing?.number_of_downloads ?? 0;
  if (!Number.isInteger(downloads) || downloads < 0)
    throw badRequest("Number of downloads must be a positive integer.");
  const src = source(
    input,
    "link",
    p.sku.toLowerCase(),
    existing && { type: existing.link_type, file: existing.link_file, url: existing.link_url },
  );
  const link: DownloadableLink = {
    id: existing?.id ?? ++ctx.data.relationIds.downloadableLink,
    title,
    sort_order: optional(input, "sort_order", toInt) ?? existing?.sort_order ?? linksOf(p).length + 1,
    is_shareable: optional(input, "is_shareable", toInt) ?? existing?.is_shareable ?? 0,
    price,
    number_of_downloads: downloads,
    link_type: src.type,
    ...(src.file ? { link_file: src.file } : {}),
    ...(src.url ? { link_url: src.url } : {}),
  };
  p.extension_attributes.downloadable_product_links = [...linksOf(p).filter((l) => l !== existing), link].sort(
    (a, b) => a.sort_order - b.sort_order,
  );
  p.updated_at = nowText(ctx.now);
  return link.id;
}

function saveSample(
  ctx: RouteContext,
  p: Product,
  input: Record<string, unknown>,
  existing?: DownloadableSample,
): number {
  const title = optional(input, "title", toStr) ?? existing?.title ?? "";
  if (title.trim() === "") throw badRequest("The sample title is empty. Enter the title and try again.");
  const src = source(
    input,
    "sample",
    p.sku.toLowerCase(),
    existing && { type: existing.sample_type, file: existing.sample_file, url: existing.sample_url },
  );
  const sample: DownloadableSample = {
    id: existing?.id ?? ++ctx.data.relationIds.downloadableSample,
    title,
    sort_order: optional(input, "sort_order", toInt) ?? existing?.sort_order ?? samplesOf(p).length + 1,
    sample_type: src.type,
    ...(src.file ? { sample_file: src.file } : {}),
    ...(src.url ? { sample_url: src.url } : {}),
  };
  p.extension_attributes.downloadable_product_samples = [...samplesOf(p).filter((s) => s !== existing), sample].sort(
    (a, b) => a.sort_order - b.sort_order,
  );
  p.updated_at = nowText(ctx.now);
  return sample.id;
}

/** The product holding a link or sample id (deletes address them by id alone). */
function ownerOf<T extends { id: number }>(
  data: StoreData,
  id: number,
  list: (p: Product) => T[] | undefined,
): [Product, T] | undefined {
  for (const p of data.productsById.values()) {
    if (p.type_id !== "downloadable") continue;
    const found = list(p)?.find((x) => x.id === id);
    if (found) return [p, found];
  }
  return undefined;
}

const linkBody = [
  {
    name: "link",
    type: "object" as const,
    required: true,
    description:
      "{title, sort_order, is_shareable, price, number_of_downloads, link_type: url|file, link_url | link_file_content: {file_data, name}}",
  },
];
const sampleBody = [
  {
    name: "sample",
    type: "object" as const,
    required: true,
    description: "{title, sort_order, sample_type: url|file, sample_url | sample_file_content: {file_data, name}}",
  },
];

export const downloadableRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/products/:sku/downloadable-links",
    service: "downloadableLinkRepositoryV1",
    operation: "getList",
    aclResource: DOWNLOADABLE,
    summary: "Downloadable links of a product",
    returns: "DownloadableLink[]",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      return p.type_id === "downloadable" ? linksOf(p) : [];
    },
  },
  {
    method: "POST",
    path: "/V1/products/:sku/downloadable-links",
    service: "downloadableLinkRepositoryV1",
    operation: "save",
    aclResource: DOWNLOADABLE,
    summary: "Add a downloadable link; answers its id",
    body: linkBody,
    returns: "integer",
    handler: (ctx) => saveLink(ctx, downloadable(ctx.data, ctx.params.sku ?? ""), requireObject(ctx.body, "link")),
  },
  {
    method: "PUT",
    path: "/V1/products/:sku/downloadable-links/:id",
    service: "downloadableLinkRepositoryV1",
    operation: "save",
    aclResource: DOWNLOADABLE,
    summary: "Change a downloadable link; answers its id",
    body: linkBody,
    returns: "integer",
    handler: (ctx) => {
      const p = downloadable(ctx.data, ctx.params.sku ?? "");
      const existing = linksOf(p).find((l) => l.id === intParam(ctx.params, "id"));
      if (!existing) throw notFound(LINK_MISSING);
      return saveLink(ctx, p, requireObject(ctx.body, "link"), existing);
    },
  },
  {
    method: "DELETE",
    path: "/V1/products/downloadable-links/:id",
    service: "downloadableLinkRepositoryV1",
    operation: "delete",
    aclResource: DOWNLOADABLE,
    summary: "Delete a downloadable link",
    returns: "true",
    handler: (ctx) => {
      const found = ownerOf(
        ctx.data,
        intParam(ctx.params, "id"),
        (p) => p.extension_attributes.downloadable_product_links,
      );
      if (!found) throw notFound(LINK_MISSING);
      const [p, link] = found;
      p.extension_attributes.downloadable_product_links = linksOf(p).filter((l) => l !== link);
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/products/:sku/downloadable-links/samples",
    service: "downloadableSampleRepositoryV1",
    operation: "getList",
    aclResource: DOWNLOADABLE,
    summary: "Downloadable samples of a product",
    returns: "DownloadableSample[]",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      return p.type_id === "downloadable" ? samplesOf(p) : [];
    },
  },
  {
    method: "POST",
    path: "/V1/products/:sku/downloadable-links/samples",
    service: "downloadableSampleRepositoryV1",
    operation: "save",
    aclResource: DOWNLOADABLE,
    summary: "Add a sample; answers its id",
    body: sampleBody,
    returns: "integer",
    handler: (ctx) => saveSample(ctx, downloadable(ctx.data, ctx.params.sku ?? ""), requireObject(ctx.body, "sample")),
  },
  {
    method: "PUT",
    path: "/V1/products/:sku/downloadable-links/samples/:id",
    service: "downloadableSampleRepositoryV1",
    operation: "save",
    aclResource: DOWNLOADABLE,
    summary: "Change a sample; answers its id",
    body: sampleBody,
    returns: "integer",
    handler: (ctx) => {
      const p = downloadable(ctx.data, ctx.params.sku ?? "");
      const existing = samplesOf(p).find((s) => s.id === intParam(ctx.params, "id"));
      if (!existing) throw notFound(SAMPLE_MISSING);
      return saveSample(ctx, p, requireObject(ctx.body, "sample"), existing);
    },
  },
  {
    method: "DELETE",
    path: "/V1/products/downloadable-links/samples/:id",
    service: "downloadableSampleRepositoryV1",
    operation: "delete",
    aclResource: DOWNLOADABLE,
    summary: "Delete a sample",
    returns: "true",
    handler: (ctx) => {
      const found = ownerOf(
        ctx.data,
        intParam(ctx.params, "id"),
        (p) => p.extension_attributes.downloadable_product_samples,
      );
      if (!found) throw notFound(SAMPLE_MISSING);
      const [p, sample] = found;
      p.extension_attributes.downloadable_product_samples = samplesOf(p).filter((s) => s !== sample);
      return true;
    },
  },
];
