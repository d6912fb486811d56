/**
 * The seam for "what the store holds now" in the bulk edit preview: a mirror of store records, when the app keeps
 * one, answers a row's current values so the preview can show old → new and flag SKUs the store does not have.
 * `syncMirror` reads the sync mirror (packages/sync/src/sync): products (price, status, visibility) and stock (qty), once their
 * first pass has finished; `noMirror` answers nothing and the preview shows the file's values only.
 */
import type { Storage } from "@magento-integration/storage";
import type { EditField } from "./product-rows.ts";

export interface MirrorLookup {
  /** Current values of these SKUs in the store (missing SKUs absent from the map), or null when there is no mirror. */
  current(
    installationId: string,
    skus: readonly string[],
  ): Promise<Map<string, Partial<Record<EditField, string>>> | null>;
}

export const noMirror: MirrorLookup = {
  current: async () => null,
};

const text = (v: unknown): string | undefined =>
  typeof v === "number" || typeof v === "string" ? String(v) : undefined;

/** The sync mirror's products and stock, or null until the products' first pass (the backfill) has finished. */
export function syncMirror(storage: Pick<Storage, "sync">): MirrorLookup {
  return {
    async current(installationId, skus) {
      const products = await storage.sync.cursor(installationId, "products");
      if (!products?.backfilledAt) return null;
      const stockCursor = await storage.sync.cursor(installationId, "stock");
      const found = await storage.sync.recordsOf(installationId, "products", skus);
      const stock = stockCursor?.backfilledAt ? await storage.sync.recordsOf(installationId, "stock", skus) : null;
      const out = new Map<string, Partial<Record<EditField, string>>>();
      for (const [sku, record] of found) {
        const values: Partial<Record<EditField, string>> = {};
        for (const field of ["price", "status", "visibility"] as const) {
          const v = text(record.data[field]);
          if (v !== undefined) values[field] = v;
        }
        const qty = text(stock?.get(sku)?.data.qty);
        if (qty !== undefined) values.qty = qty;
        out.set(sku, values);
      }
      return out;
    },
  };
}
