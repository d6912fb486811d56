/**
 * Every synced entity. Adding one: a declaration file in packages/sync/src/sync/entities/ and its line here (README, "Sync").
 */
import type { SyncEntity } from "./declaration.ts";
import { customers } from "./entities/customers.ts";
import { orders } from "./entities/orders.ts";
import { products } from "./entities/products.ts";
import { stock } from "./entities/stock.ts";
import { sourceItems } from "./entities/source-items.ts";
import { KitError } from "@magento-integration/client";

export const SYNC_ENTITIES: readonly SyncEntity[] = [products, customers, orders, stock, sourceItems];

export class UnknownSyncEntityError extends KitError {
  static override readonly brand: string = "UnknownSyncEntityError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

export function syncEntityNames(entities: readonly SyncEntity[] = SYNC_ENTITIES): string[] {
  return entities.map((e) => e.name);
}

/** The declaration named `name`, or an error listing the names there are. */
export function syncEntity(name: string, entities: readonly SyncEntity[] = SYNC_ENTITIES): SyncEntity {
  const e = entities.find((x) => x.name === name);
  if (!e)
    throw new UnknownSyncEntityError(`no synced entity "${name}": choose ${syncEntityNames(entities).join(", ")}`);
  return e;
}
