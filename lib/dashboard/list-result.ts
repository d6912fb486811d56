/** A trimmed list response `{items, total_count}`; items may be missing when nothing matched and fields trimmed it. */
import { z } from "zod";

const listSchema = z.object({
  items: z
    .array(z.record(z.string(), z.unknown()))
    .nullish()
    .transform((v) => v ?? []),
  total_count: z.coerce.number().int().nonnegative(),
});

export interface ListResult<T> {
  items: T[];
  total: number;
}

/**
 * `pageSize`: the page that was asked for. Magento answers at most that many items; a store that answers more is not
 * answering this list, and rendering all it sent let one page view of a store an attacker runs (any user can add a
 * manual store) take 84 s of CPU and 1.5 GB: refused before anything is parsed.
 */
export function parseListResult<T>(data: unknown, pageSize: number): ListResult<T> {
  const sent = (data as { items?: unknown } | null)?.items;
  if (Array.isArray(sent) && sent.length > pageSize) {
    throw new Error(
      `The store answered ${sent.length} items for a page of ${pageSize}: that is not the list the app asked for.`,
    );
  }
  const parsed = listSchema.parse(data);
  return { items: parsed.items as T[], total: parsed.total_count };
}
