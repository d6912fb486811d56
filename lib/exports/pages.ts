/**
 * Reading an export from the store a page at a time: a stable sort (the list's unique key), an explicit page
 * size, `total_count` kept in trimmed answers. The export job resumes from any page (lib/exports/run.ts).
 */
import { z } from "zod";
import { MagentoApiError, type MagentoClient } from "@magento-integration/client";
import { defaultUniqueKey, pagedCriteria, pagedFields } from "@magento-integration/client";
import { exportEntity, type ExportSpec } from "./options";

const listPage = z.object({ items: z.array(z.unknown()), total_count: z.coerce.number().int().nonnegative() });

/** Number of matching rows (one small request: pageSize 1, fields total_count). */
export async function countRows(client: MagentoClient, spec: ExportSpec): Promise<number> {
  const res = await client.call(exportEntity(spec.entity).operation, {
    searchCriteria: { filterGroups: spec.filterGroups, sortOrders: [], pageSize: 1, currentPage: 1 },
    fields: "total_count",
  });
  return z.object({ total_count: z.coerce.number().int().nonnegative() }).parse(res.data).total_count;
}

export async function readPage(
  client: MagentoClient,
  spec: ExportSpec,
  page: number,
): Promise<{ items: unknown[]; total: number }> {
  const { operation, path } = exportEntity(spec.entity);
  const criteria = pagedCriteria(
    { filterGroups: spec.filterGroups, sortOrders: [] },
    defaultUniqueKey(path),
    spec.pageSize,
  );
  const res = await client.call(operation, {
    searchCriteria: { ...criteria, currentPage: page },
    fields: pagedFields(`items[${spec.fields}]`),
  });
  const parsed = listPage.safeParse(res.data);
  if (!parsed.success) {
    throw new MagentoApiError({
      status: res.status,
      template: `${path} did not answer a list ({items, total_count})`,
      code: "bad_response",
      url: res.url,
      method: "GET",
    });
  }
  return { items: parsed.data.items, total: parsed.data.total_count };
}

/** Is `page` (of `pageSize`) past the last row? The store answers a page past the end with its last page again. */
export function pastEnd(page: number, pageSize: number, total: number): boolean {
  return (page - 1) * pageSize >= total;
}
