/** zod schemas for raw query-string values of grid filters, and the `like` search rules. */
import { z } from "zod";
import type { SearchFilterGroup } from "@magento-integration/client";

/** Free text, trimmed, bounded. */
export const textParam = z.string().trim().min(1).max(200, "at most 200 characters");

/** A non-negative decimal amount such as 12 or 12.50. */
export const amountParam = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,4})?$/, "enter an amount such as 25 or 25.50")
  .transform((s) => s);

/** A calendar date as an <input type=date> sends it. */
export const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "enter a date as YYYY-MM-DD")
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    "not a real date",
  );

/** A positive integer id (category id, group id). */
export const idParam = z.string().regex(/^\d{1,10}$/, "enter a number");

/**
 * `like` value for a search box: "contains the text as typed". `%` and `_` the user types are literal (a search
 * for "50%" finds "50%", not everything starting with 50): escaped with a backslash, MySQL's default LIKE escape,
 * which Magento passes through unchanged (docs/rest-semantics.md). The client percent-encodes `%` as `%25`.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/** A search box over several fields: one group, so the `like` filters combine with OR. */
export function searchGroup(text: string, fields: readonly string[]): SearchFilterGroup {
  const value = likePattern(text);
  return { filters: fields.map((field) => ({ field, value, conditionType: "like" as const })) };
}

/** Start and end of a day in the store's search-value shape `YYYY-MM-DD hh:mm:ss`. */
export function dayStart(date: string): string {
  return `${date} 00:00:00`;
}
export function dayEnd(date: string): string {
  return `${date} 23:59:59`;
}
