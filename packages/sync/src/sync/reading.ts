/**
 * Which reading of an entity a store answers: the declaration's own list route, or its fallback when the store
 * does not have that route (stock: MSI source items, or the legacy stock items of a store without MSI). Asked once
 * per store with a one-row page and kept on the cursor; Resync from scratch clears it, so the next run asks again.
 */
import { MagentoApiError, type MagentoClient } from "@magento-integration/client";
import type { Storage } from "@magento-integration/storage";
import { readingOf, type SyncEntity } from "./declaration.ts";
import { readStorePage } from "./store-page.ts";

/**
 * A module that is not installed has no route: Magento answers 404 "Request does not match any route." before
 * anything else (docs/rest-semantics.md). A 404 with any other message is a real failure, not a missing module.
 */
export const isMissingRoute = (e: unknown): boolean =>
  e instanceof MagentoApiError && e.status === 404 && /^Request does not match any route\.?$/.test(e.template);

export async function readingFor(
  storage: Storage,
  installationId: string,
  entity: SyncEntity,
  client: MagentoClient,
): Promise<SyncEntity> {
  if (!entity.fallback) return entity;
  const cursor = await storage.sync.cursor(installationId, entity.name);
  if (cursor?.readsFallback != null) return readingOf(entity, cursor.readsFallback);
  let readsFallback = false;
  try {
    await readStorePage(client, entity, { filterGroups: [], sortOrders: [], pageSize: 1, currentPage: 1 });
  } catch (e) {
    if (!isMissingRoute(e)) throw e;
    readsFallback = true;
  }
  await storage.sync.saveCursor(installationId, entity.name, { readsFallback });
  return readingOf(entity, readsFallback);
}
