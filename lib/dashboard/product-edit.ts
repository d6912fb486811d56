/** The product edit form: input validation and the PUT /V1/products/{sku} body (pure). */
import { z } from "zod";

export const productEditSchema = z.object({
  name: z.string().trim().min(1, "Enter a name").max(255, "At most 255 characters"),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, "Enter a price such as 19.99")
    .transform(Number),
  qty: z
    .string()
    .trim()
    .regex(/^-?\d{1,9}(\.\d{1,4})?$/, "Enter a quantity such as 100")
    .transform(Number),
});

export type ProductEdit = z.output<typeof productEditSchema>;

export type FieldErrors = Partial<Record<"name" | "price" | "qty", string>>;

export function parseProductEdit(form: { get(name: string): FormDataEntryValue | null }): { ok: true; value: ProductEdit } | { ok: false; errors: FieldErrors } {
  const raw = { name: String(form.get("name") ?? ""), price: String(form.get("price") ?? ""), qty: String(form.get("qty") ?? "") };
  const r = productEditSchema.safeParse(raw);
  if (r.success) return { ok: true, value: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path[0];
    if ((key === "name" || key === "price" || key === "qty") && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

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
        stock_item: { ...(stockItemId !== undefined ? { item_id: stockItemId } : {}), qty: edit.qty, is_in_stock: edit.qty > 0 },
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
      category_links: z.array(z.object({ position: z.coerce.number().optional(), category_id: z.coerce.string() })).optional(),
      stock_item: z.object({ item_id: z.coerce.number().optional(), qty: z.coerce.number().nullable().optional(), is_in_stock: z.boolean().optional() }).optional(),
      website_ids: z.array(z.coerce.number()).optional(),
    })
    .optional(),
});

export type ProductDetail = z.infer<typeof productDetailSchema>;

export const PRODUCT_DETAIL_FIELDS =
  "id,sku,name,price,status,type_id,visibility,weight,created_at,updated_at,extension_attributes[category_links[position,category_id],stock_item[item_id,qty,is_in_stock],website_ids]";
