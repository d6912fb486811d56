/** The product edit form: input validation and the PUT /V1/products/{sku} body (pure). */
import { z } from "zod";
import type { MagentoClient } from "@magento-integration/client";
import { attempt } from "../attempt";
import { categoryTreeFields, flattenTree, parseCategoryTree } from "../category-tree";
import { storeCurrency } from "../store-currency";
import { defineRecord } from "./record";

/**
 * A decimal typed by a person: refuses what a store would silently misread, with the fix in the message
 * (`12,50` → use a dot; `36.505` → at most 2 decimals; `-5` → 0 or more).
 */
function decimalText(label: string, opts: { decimals: number; example: string }) {
  return z
    .string()
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}`)
    .superRefine((v, ctx) => {
      const issue = (message: string) => ctx.addIssue({ code: "custom", message });
      if (/^-?\d+,\d+$/.test(v)) return issue(`${label}: use a dot as the decimal separator (${v.replace(",", ".")})`);
      if (/^-\s*\d/.test(v)) return issue(`${label} must be 0 or more`);
      if (!/^\d+(\.\d+)?$/.test(v)) return issue(`${label} must be a number such as ${opts.example}`);
      const decimals = v.split(".")[1]?.length ?? 0;
      if (opts.decimals === 0 && decimals > 0) return issue(`${label} must be a whole number`);
      if (decimals > opts.decimals) return issue(`${label} allows at most ${opts.decimals} decimals`);
      if (v.replace(".", "").length > 15) return issue(`${label} is too large`);
    })
    .transform(Number);
}

export const productEditSchema = z.object({
  name: z.string().trim().min(1, "Enter a name").max(255, "Name: at most 255 characters"),
  price: decimalText("Price", { decimals: 2, example: "19.99" }),
  qty: decimalText("Quantity", { decimals: 0, example: "100" }),
});

export type ProductEdit = z.output<typeof productEditSchema>;

export const PRODUCT_EDIT_FIELDS = ["name", "price", "qty"] as const;

/**
 * Body of PUT /V1/products/{sku}: the entity wrapped under `product` (seed payload convention); stock goes in
 * extension_attributes.stock_item, with its item_id when known so the store updates that stock row.
 */
export function productUpdateBody(sku: string, edit: ProductEdit, stockItemId?: number) {
  return {
    product: {
      sku,
      name: edit.name,
      price: edit.price,
      extension_attributes: {
        stock_item: {
          ...(stockItemId !== undefined ? { item_id: stockItemId } : {}),
          qty: edit.qty,
          is_in_stock: edit.qty > 0,
        },
      },
    },
  };
}

/** What the PUT answers with (trimmed by fields). */
export const PRODUCT_UPDATE_FIELDS = "sku,name,price,extension_attributes[stock_item[item_id,qty,is_in_stock]]";

export const productDetailSchema = z.object({
  id: z.coerce.number().optional(),
  sku: z.string(),
  name: z.string().optional(),
  price: z.coerce.number().optional(),
  status: z.coerce.number().optional(),
  type_id: z.string().optional(),
  visibility: z.coerce.number().optional(),
  weight: z.coerce.number().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  extension_attributes: z
    .object({
      category_links: z
        .array(z.object({ position: z.coerce.number().optional(), category_id: z.coerce.string() }))
        .optional(),
      stock_item: z
        .object({
          item_id: z.coerce.number().optional(),
          qty: z.coerce.number().nullable().optional(),
          is_in_stock: z.boolean().optional(),
        })
        .optional(),
      website_ids: z.array(z.coerce.number()).optional(),
    })
    .optional(),
});

export type ProductDetail = z.infer<typeof productDetailSchema>;

export const PRODUCT_DETAIL_FIELDS =
  "id,sku,name,price,status,type_id,visibility,weight,created_at,updated_at,extension_attributes[category_links[position,category_id],stock_item[item_id,qty,is_in_stock],website_ids]";

/**
 * `/stores/<id>/products/<sku>`: the product, the store currency (cached) and, when the product is in categories,
 * their names from the category tree (one call; works on every store).
 */
export const PRODUCT_RECORD = defineRecord({
  section: "products",
  noun: "product",
  title: (sku) => sku,
  key(segment) {
    try {
      return decodeURIComponent(segment);
    } catch {
      return null; // a malformed %-escape names no SKU
    }
  },
  async load(client, sku, { installationId }) {
    const res = await client.call("getProductsBySku", { pathParams: { sku }, fields: PRODUCT_DETAIL_FIELDS });
    const product = productDetailSchema.parse(res.data);
    const links = product.extension_attributes?.category_links ?? [];
    const [currency, categoryNames] = await Promise.all([
      storeCurrency(installationId, client),
      attempt(async () => {
        if (links.length === 0) return new Map<string, string>();
        const tree = await client.call("getCategories", { fields: categoryTreeFields(6) });
        return new Map(flattenTree(parseCategoryTree(tree.data)).map((c) => [String(c.id), c.name ?? ""]));
      }),
    ]);
    return {
      product,
      links,
      currency,
      categoryNames,
      request: { fields: PRODUCT_DETAIL_FIELDS, durationMs: res.durationMs },
    };
  },
});

/** The product edit form: its fields, their validation, and the signed PUT that saves them. */
export const productEdit = {
  schema: productEditSchema,
  fields: PRODUCT_EDIT_FIELDS,
  /** PUT /V1/products/{sku}; `now` is what the store answered it holds (null when its answer did not read). */
  async save(client: MagentoClient, sku: string, edit: ProductEdit, stockItemId: number | undefined) {
    const res = await client.call("putProductsBySku", {
      pathParams: { sku },
      body: productUpdateBody(sku, edit, stockItemId),
      fields: PRODUCT_UPDATE_FIELDS,
    });
    const back = productDetailSchema.safeParse(res.data);
    const now = back.success
      ? { name: back.data.name, price: back.data.price, qty: back.data.extension_attributes?.stock_item?.qty }
      : null;
    return { status: res.status, durationMs: res.durationMs, now };
  },
};
