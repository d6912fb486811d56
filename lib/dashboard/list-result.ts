/** A trimmed list response `{items, total_count}`; items may be missing when nothing matched and fields trimmed it. */
import { z } from "zod";

const listSchema = z.object({
  items: z.array(z.record(z.string(), z.unknown())).nullish().transform((v) => v ?? []),
  total_count: z.coerce.number().int().nonnegative(),
});

export interface ListResult<T> {
  items: T[];
  total: number;
}

export function parseListResult<T>(data: unknown): ListResult<T> {
  const parsed = listSchema.parse(data);
  return { items: parsed.items as T[], total: parsed.total_count };
}
