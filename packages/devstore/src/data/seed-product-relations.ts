/**
 * What ties seeded products together, added after the catalogue is built: configurable parents and their size ×
 * colour children (the options and links Magento keeps in catalog_product_super_*), the bundle's options, the
 * grouped product's members, downloadable links and samples, related/up-sell links, one image per visible
 * product, an engraving option on the watches and quantity discounts on the bags.
 */
import type { CustomAttribute, Product } from "./types.ts";

const attr = (p: Product, code: string) => p.custom_attributes.find((a: CustomAttribute) => a.attribute_code === code)?.value;

export interface RelationIds {
  configurableOption: number;
  bundleOption: number;
  bundleLink: number;
  downloadableLink: number;
  downloadableSample: number;
  customOption: number;
  customOptionValue: number;
  mediaEntry: number;
}

export function emptyRelationIds(): RelationIds {
  return { configurableOption: 0, bundleOption: 0, bundleLink: 0, downloadableLink: 0, downloadableSample: 0, customOption: 0, customOptionValue: 0, mediaEntry: 0 };
}

function linkConfigurables(products: readonly Product[], bySku: Map<string, Product>, ids: RelationIds): void {
  const children = new Map<Product, Product[]>();
  for (const p of products) {
    if (p.visibility !== 1 || attr(p, "size") === undefined || attr(p, "color") === undefined) continue;
    const parentSku = p.sku.split("-").slice(0, -2).join("-");
    const parent = bySku.get(parentSku.toLowerCase());
    if (parent?.type_id === "configurable") children.set(parent, [...(children.get(parent) ?? []), p]);
  }
  for (const [parent, kids] of children) {
    const values = (code: string) => [...new Set(kids.map((k) => Number(attr(k, code))))].map((value_index) => ({ value_index }));
    parent.extension_attributes.configurable_product_options = [
      { id: ++ids.configurableOption, attribute_id: "144", label: "Size", position: 0, values: values("size"), product_id: parent.id },
      { id: ++ids.configurableOption, attribute_id: "93", label: "Color", position: 1, values: values("color"), product_id: parent.id },
    ];
    parent.extension_attributes.configurable_product_links = kids.map((k) => k.id);
  }
}

function bundle(p: Product, bySku: Map<string, Product>, ids: RelationIds): void {
  const option = (title: string, type: string, skus: string[], required = true) => {
    const optionId = ++ids.bundleOption;
    return {
      option_id: optionId,
      title,
      required,
      type,
      position: optionId,
      sku: p.sku,
      product_links: skus
        .filter((s) => bySku.has(s.toLowerCase()))
        .map((sku, i) => ({ id: ++ids.bundleLink, sku, option_id: optionId, qty: 1, position: i + 1, is_default: i === 0, price: 0, price_type: 0, can_change_quantity: 1 })),
    };
  };
  p.extension_attributes.bundle_product_options = [
    option("Sprite Stasis Ball", "radio", ["24-WG081-gray", "24-WG082-blue"]),
    option("Sprite Foam Yoga Brick", "checkbox", ["24-WG084"], false),
    option("Sprite Foam Roller", "select", ["24-WG088"]),
  ];
}

function downloadable(p: Product, ids: RelationIds): void {
  const slug = p.sku.toLowerCase();
  p.extension_attributes.downloadable_product_links = [1, 2].map((n) => ({
    id: ++ids.downloadableLink,
    title: `${p.name}: part ${n}`,
    sort_order: n,
    is_shareable: 0,
    price: 0,
    number_of_downloads: 3,
    link_type: "file" as const,
    link_file: `/${slug[0]}/${slug[1]}/${slug}-part-${n}.mp4`,
    sample_type: "file" as const,
    sample_file: `/${slug[0]}/${slug[1]}/${slug}-part-${n}-preview.mp4`,
  }));
  p.extension_attributes.downloadable_product_samples = [{ id: ++ids.downloadableSample, title: "Trailer", sort_order: 1, sample_type: "file", sample_file: `/${slug[0]}/${slug[1]}/${slug}-trailer.mp4` }];
}

export function linkProducts(products: readonly Product[], ids: RelationIds): void {
  const bySku = new Map(products.map((p) => [p.sku.toLowerCase(), p]));
  linkConfigurables(products, bySku, ids);
  const bags: Product[] = [];
  const watches: Product[] = [];
  for (const p of products) {
    if (p.type_id === "bundle") bundle(p, bySku, ids);
    if (p.type_id === "downloadable") downloadable(p, ids);
    if (p.type_id === "grouped") {
      p.product_links = ["24-WG084", "24-WG088"].map((sku, i) => ({ sku: p.sku, link_type: "associated", linked_product_sku: sku, linked_product_type: "simple", position: i + 1, extension_attributes: { qty: 1 } }));
    }
    const categories = p.extension_attributes.category_links.map((l) => l.category_id);
    if (p.visibility === 4 && p.type_id === "simple" && categories.includes("4")) bags.push(p);
    if (p.visibility === 4 && p.type_id === "simple" && categories.includes("6")) watches.push(p);
    if (p.visibility === 4) {
      const file = `/${p.sku[0]?.toLowerCase() ?? "x"}/${p.sku[1]?.toLowerCase() ?? "x"}/${p.sku.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-main.jpg`;
      p.media_gallery_entries = [{ id: ++ids.mediaEntry, media_type: "image", label: null, position: 1, disabled: false, types: ["image", "small_image", "thumbnail"], file }];
    }
  }
  bags.forEach((p, i) => {
    const related = [bags[(i + 1) % bags.length]!, bags[(i + 2) % bags.length]!];
    p.product_links = related.map((r, n) => ({ sku: p.sku, link_type: "related", linked_product_sku: r.sku, linked_product_type: r.type_id, position: n + 1 }));
    p.tier_prices = [
      { customer_group_id: 32000, qty: 3, value: Math.round(p.price * 95) / 100, extension_attributes: { website_id: 0 } },
      { customer_group_id: 2, qty: 10, value: Math.round(p.price * 85) / 100, extension_attributes: { website_id: 0 } },
    ];
  });
  watches.forEach((p, i) => {
    p.product_links = [{ sku: p.sku, link_type: "upsell", linked_product_sku: watches[(i + 1) % watches.length]!.sku, linked_product_type: "simple", position: 1 }];
    p.options = [
      { product_sku: p.sku, option_id: ++ids.customOption, title: "Engraving", type: "field", sort_order: 1, is_require: false, price: 15, price_type: "fixed", sku: "engrave", max_characters: 20 },
      {
        product_sku: p.sku,
        option_id: ++ids.customOption,
        title: "Gift box",
        type: "drop_down",
        sort_order: 2,
        is_require: false,
        values: [
          { title: "Standard", sort_order: 1, price: 0, price_type: "fixed", sku: "box-std", option_type_id: ++ids.customOptionValue },
          { title: "Wooden case", sort_order: 2, price: 25, price_type: "fixed", sku: "box-wood", option_type_id: ++ids.customOptionValue },
        ],
      },
    ];
    for (const a of p.custom_attributes) if (a.attribute_code === "has_options") a.value = "1";
  });
}
