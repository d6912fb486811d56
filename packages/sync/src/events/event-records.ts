/**
 * Which synced record an event is about, from its name and payload. Commerce webhooks name the store's own
 * observer or plugin (`observer.catalog_product_save_after`, `plugin.magento.catalog.api.product_repository.save`)
 * and put the entity under a key (`data.product`); I/O Events prefix the observer with `com.adobe.commerce.` and
 * put the entity's fields in `data.value` (docs/store-events.md, "What a delivery carries").
 */
import type { SyncedEntity } from "./handlers.ts";

const PATTERNS: Array<[RegExp, SyncedEntity]> = [
  [/cataloginventory_stock_item|stock_item_repository|source_item/, "stock"],
  [/catalog_product|product_repository/, "products"],
  [/sales_order|order_repository|order_management/, "orders"],
  [/customer_(save|delete|register|address)|customer_repository|customer_account/, "customers"],
];

const IDENTITY_FIELDS: Record<SyncedEntity, string[]> = {
  products: ["sku"],
  stock: ["sku"],
  orders: ["entity_id"],
  customers: ["entity_id", "id"],
};

const ENTITY_KEYS: Record<SyncedEntity, string[]> = {
  products: ["product"],
  stock: ["stock_item", "stockItem", "source_item"],
  orders: ["order"],
  customers: ["customer"],
};

export function entityOfEvent(name: string): SyncedEntity | null {
  const bare = name.replace(/^com\.adobe\.commerce\./, "");
  for (const [re, entity] of PATTERNS) if (re.test(bare)) return entity;
  return null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The record's identity (SKU or entity id) in a delivery's data, or null when it carries none. */
export function recordIdentity(entity: SyncedEntity, data: unknown): string | null {
  if (!isObject(data)) return null;
  const candidates: Record<string, unknown>[] = [];
  if (isObject(data.value)) candidates.push(data.value);
  for (const k of ENTITY_KEYS[entity]) if (isObject(data[k])) candidates.push(data[k]);
  candidates.push(data);
  for (const c of candidates) {
    for (const f of IDENTITY_FIELDS[entity]) {
      const v = c[f];
      if (
        (typeof v === "string" && v.trim() !== "" && v.length <= 255) ||
        (typeof v === "number" && Number.isSafeInteger(v))
      )
        return String(v);
    }
  }
  return null;
}
