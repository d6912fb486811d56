"use server";

import { revalidatePath } from "next/cache";
import { MagentoApiError } from "@magento-integration/client";
import { describeApiError, records } from "@/lib/dashboard";
import { failed, type FormState, parseForm, saved } from "@/lib/forms";
import { loadStore } from "@/app/_kit";

/** Signed PUT /V1/products/{sku} with the new name, price and qty; ownership is checked again here. */
export async function updateProduct(
  installationId: string,
  sku: string,
  stockItemId: number | undefined,
  _prev: FormState,
  form: FormData,
): Promise<FormState> {
  const { client: storeClient } = await loadStore(installationId);
  const parsed = parseForm(records.productEdit.schema, form, records.productEdit.fields);
  if (!parsed.ok) return parsed.state;
  try {
    const res = await records.productEdit.save(storeClient(), sku, parsed.data, stockItemId);
    revalidatePath(`/stores/${encodeURIComponent(installationId)}/products/${encodeURIComponent(sku)}`);
    const now = res.now
      ? {
          name: res.now.name ?? parsed.values.name!,
          price: res.now.price === undefined ? parsed.values.price! : String(res.now.price),
          qty: res.now.qty == null ? parsed.values.qty! : String(res.now.qty),
        }
      : parsed.values;
    return saved(
      now,
      `Saved: the store answered HTTP ${res.status} in ${Math.round(res.durationMs)} ms and now has name “${now.name}”, price ${now.price}, quantity ${now.qty}.`,
    );
  } catch (error) {
    const v = describeApiError(error);
    const status = error instanceof MagentoApiError && error.status ? ` HTTP ${error.status}` : "";
    return failed(
      parsed.values,
      `${v.title}.${v.storeMessage ? ` The store answered${status}: “${v.storeMessage}”.` : ""} ${v.advice}`,
    );
  }
}
