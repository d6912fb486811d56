/**
 * Checks a SearchCriteria object a caller built by hand (the builder's output is valid by construction): known
 * condition types, a value unless null/notnull, ASC/DESC sort directions, positive integer page size and page.
 * Unknown keys are refused, so a snake_case `condition_type` or `sort_orders` is an error, not silently ignored.
 */
import { z } from "zod";
import { CONDITION_TYPES } from "./search-criteria-types.ts";

const filterSchema = z
  .strictObject({
    field: z.string().min(1, "a filter needs a field name"),
    value: z.string().optional(),
    conditionType: z.enum(CONDITION_TYPES),
  })
  .refine((f) => f.value !== undefined || f.conditionType === "null" || f.conditionType === "notnull", {
    message: "this condition type needs a value (only null and notnull have none)",
    path: ["value"],
  });

const positiveInt = z.number().int().positive();

const searchCriteriaSchema = z.strictObject({
  filterGroups: z.array(z.strictObject({ filters: z.array(filterSchema) })),
  sortOrders: z.array(
    z.strictObject({ field: z.string().min(1, "a sort order needs a field name"), direction: z.enum(["ASC", "DESC"]) }),
  ),
  pageSize: positiveInt.optional(),
  currentPage: positiveInt.optional(),
});

/** Undefined when valid, else "path: message" of the first problem. */
export function searchCriteriaProblem(input: unknown): string | undefined {
  const result = searchCriteriaSchema.safeParse(input);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? `${issue.path.join(".") || "searchCriteria"}: ${issue.message}` : "invalid";
}
