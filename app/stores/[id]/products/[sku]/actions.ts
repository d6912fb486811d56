"use server";

import { revalidatePath } from "next/cache";
import { MagentoApiError } from "@/lib/magento";
import {
  describeApiError,
  PRODUCT_EDIT_FIELDS,
  PRODUCT_UPDATE_FIELDS,
  productDetailSchema,
  productEditSchema,
  productUpdateBody,
} from "@/lib/dashboard";
import { failed, type FormState, parseForm, saved } from "@/lib/forms";
import { loadStore } from "../../_lib/store-context";

/** Signed PUT /V1/products/{sku} with the new name, price and qty; ownership is checked again here. */
export async function updateProduct(
  installationId: string,
  sku: string,
  stockItemId: number | undefined,
  _prev: FormState,
  form: FormData,
): Promise<FormState> {
  const { client: storeClient } = await loadStore(installationId);
  const parsed = parseForm(productEditSchema, form, PRODUCT_EDIT_FIELDS);
  if (!parsed.ok) return parsed.state;
  try {
    const client = storeClient();
    const res = await client.call("putProductsBySku", {
      pathParams: { sku },
      body: productUpdateBody(sku, parsed.data, stockItemId),
      fields: PRODUCT_UPDATE_FIELDS,
    });
    const back = productDetailSchema.safeParse(res.data);
    revalidatePath(`/stores/${encodeURIComponent(installationId)}/products/${encodeURIComponent(sku)}`);
    const now = back.success
      ? {
          name: back.data.name ?? parsed.values.name!,
          price: back.data.price === undefined ? parsed.values.price! : String(back.data.price),
          qty:
            back.data.extension_attributes?.stock_item?.qty == null
              ? parsed.values.qty!
              : String(back.data.extension_attributes.stock_item.qty),
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
