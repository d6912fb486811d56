"use server";

import { revalidatePath } from "next/cache";
import { MagentoApiError } from "@/lib/magento";
import { describeApiError } from "@/lib/dashboard/api-error-view";
import { parseProductEdit, productDetailSchema, productUpdateBody, PRODUCT_UPDATE_FIELDS, type FieldErrors } from "@/lib/dashboard/product-edit";
import { loadStore, storeClient } from "../../_lib/store-context";

export type EditResult =
  | { kind: "idle" }
  | { kind: "invalid"; errors: FieldErrors }
  | { kind: "saved"; status: number; durationMs: number; name?: string; price?: number; qty?: number | null; at: string }
  | { kind: "failed"; title: string; advice: string; storeMessage?: string; status?: number };

/** Signed PUT /V1/products/{sku} with the new name, price and qty; ownership is checked again here. */
export async function updateProduct(installationId: string, sku: string, stockItemId: number | undefined, _prev: EditResult, form: FormData): Promise<EditResult> {
  const { user, store } = await loadStore(installationId);
  const parsed = parseProductEdit(form);
  if (!parsed.ok) return { kind: "invalid", errors: parsed.errors };
  try {
    const client = await storeClient(store.installationId, user.id);
    const res = await client.request({
      method: "PUT",
      path: "/V1/products/{sku}",
      pathParams: { sku },
      body: productUpdateBody(sku, parsed.value, stockItemId),
      fields: PRODUCT_UPDATE_FIELDS,
    });
    const saved = productDetailSchema.safeParse(res.data);
    revalidatePath(`/stores/${encodeURIComponent(installationId)}/products/${encodeURIComponent(sku)}`);
    return {
      kind: "saved",
      status: res.status,
      durationMs: Math.round(res.durationMs),
      ...(saved.success ? { name: saved.data.name, price: saved.data.price, qty: saved.data.extension_attributes?.stock_item?.qty } : {}),
      at: new Date().toISOString(),
    };
  } catch (error) {
    const v = describeApiError(error);
    return {
      kind: "failed",
      title: v.title,
      advice: v.advice,
      ...(v.storeMessage ? { storeMessage: v.storeMessage } : {}),
      ...(error instanceof MagentoApiError && error.status ? { status: error.status } : {}),
    };
  }
}
