/**
 * A detail page's record, declared like a grid (lib/dashboard/grids): which store section it belongs to, how its
 * URL segment is read, and one loader that makes every store call the page needs. `loadRecord` runs it with the
 * store's client and turns a failure into the value the page shows (the same for every record), so a detail page
 * is its declaration plus its markup.
 */
import type { MagentoClient } from "@magento-integration/client";
import { attempt, type Attempt } from "../attempt";

export interface RecordSpec<K extends string, D> {
  /** The store section (and grid) the record belongs to: `/stores/<id>/<section>/<segment>`. */
  section: K;
  /** What one record is called in messages ("order", "customer"). */
  noun: string;
  /** The page's heading while the record is not read (when reading it failed): "Order 12". */
  title(key: string): string;
  /** The record's key from its URL segment, or null when the segment cannot name one (the page answers 404). */
  key(segment: string): string | null;
  /** Every store call of the page: the record first (its failure is the page's failure), the rest as Attempts. */
  load(client: MagentoClient, key: string, ctx: { installationId: string }): Promise<D>;
}

export const defineRecord = <K extends string, D>(spec: RecordSpec<K, D>): RecordSpec<K, D> => spec;

/** The signed client (which throws when the store cannot be called) and the record, each failure kept as a value. */
export async function loadRecord<K extends string, D>(
  spec: RecordSpec<K, D>,
  store: { installationId: string; client: () => MagentoClient },
  key: string,
): Promise<Attempt<D>> {
  const client = await attempt(store.client);
  if (!client.ok) return client;
  return attempt(() => spec.load(client.value, key, { installationId: store.installationId }));
}

/** A numeric entity id as Magento's REST paths take it (orders, customers). */
export const entityIdKey = (segment: string): string | null => (/^\d{1,10}$/.test(segment) ? segment : null);
