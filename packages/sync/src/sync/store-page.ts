/**
 * One list page from the store, checked: an object with `items` (an array, or null/absent when empty) and
 * `total_count`, at most the rows asked for, and the store's clock from its Date header.
 */
import { z } from "zod";
import type { MagentoClient, SearchCriteria } from "@magento-integration/client";
import { projection, type SyncEntity } from "./declaration.ts";
import { SyncDataError } from "./records.ts";

const pageSchema = z.object({
  items: z.array(z.unknown()).nullish(),
  total_count: z.coerce.number().int().nonnegative(),
});

export interface StorePage {
  rows: unknown[];
  /** Rows matching the criteria, this page included. */
  total: number;
  /** The store's clock when it answered (Date header), or null when it sent none. */
  storeNow: Date | null;
}

export function parseDateHeader(value: string | null): Date | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

export async function readStorePage(
  client: MagentoClient,
  entity: SyncEntity,
  criteria: SearchCriteria,
): Promise<StorePage> {
  const res = await client.request<unknown>({
    method: "GET",
    path: entity.path,
    searchCriteria: criteria,
    fields: projection(entity),
  });
  const parsed = pageSchema.safeParse(res.data);
  if (!parsed.success)
    throw new SyncDataError(
      `the store's ${entity.path} answer is not a list (items and total_count): ${parsed.error.issues[0]?.message ?? "?"}`,
    );
  const rows = parsed.data.items ?? [];
  const asked = criteria.pageSize ?? entity.pageSize;
  if (rows.length > asked)
    throw new SyncDataError(`the store answered ${rows.length} ${entity.name} rows to a page of ${asked}`);
  return { rows, total: parsed.data.total_count, storeNow: parseDateHeader(res.headers.get("date")) };
}
