/**
 * What an export is: an entity (a grid of lib/dashboard/grids.ts that declares `export`: products, orders,
 * customers), the item fields, filter groups (AND between groups, OR inside one), and the page size. Checked with
 * zod wherever it comes from (dashboard form, command line, the stored Export row).
 */
import { z } from "zod";
import {
  CONDITION_TYPES,
  validateFields,
  type SearchFilter,
  type SearchFilterGroup,
} from "@magento-integration/client";
import { MAX_PAGE_SIZE } from "@magento-integration/client";
import { findOperation } from "@magento-integration/client";
import { GRIDS } from "@/lib/dashboard/grids";
import type { PlainOperationId } from "@/lib/dashboard/grid";
import { KitError } from "@magento-integration/client";

export interface ExportEntity {
  /** The catalogue list operation the export pages through, and its path. */
  operation: PlainOperationId;
  path: string;
  /** Default item fields. */
  fields: string;
  label: string;
}

/** Every exportable list, by grid key, in navigation order. */
export const ENTITIES: Readonly<Record<string, ExportEntity>> = Object.fromEntries(
  GRIDS.flatMap((g) =>
    g.export
      ? [
          [
            g.key,
            {
              operation: g.operation,
              path: findOperation(g.operation)?.path ?? "",
              fields: g.export.fields,
              label: g.title,
            },
          ],
        ]
      : [],
  ),
);
export type Entity = string;
export const ENTITY_NAMES = Object.keys(ENTITIES) as [Entity, ...Entity[]];

/** The exportable list named `name` (an ExportUsageError naming the choices when there is none). */
export function exportEntity(name: string): ExportEntity {
  const entity = Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : undefined;
  if (!entity) throw new ExportUsageError(`cannot export "${name}": choose ${entityChoices()}`);
  return entity;
}

/** "products, orders or customers": the entities as a sentence lists them. */
export function entityChoices(): string {
  return ENTITY_NAMES.length > 1
    ? `${ENTITY_NAMES.slice(0, -1).join(", ")} or ${ENTITY_NAMES.at(-1)}`
    : ENTITY_NAMES[0];
}

const filterSchema: z.ZodType<SearchFilter> = z.union([
  z.object({ field: z.string(), conditionType: z.enum(["null", "notnull"]) }),
  z.object({ field: z.string(), conditionType: z.enum(CONDITION_TYPES), value: z.string() }),
]);

export const exportOptionsSchema = z.object({
  entity: z.enum(ENTITY_NAMES),
  fields: z
    .string()
    .min(1)
    .superRefine((v, ctx) => {
      try {
        validateFields(v);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: (e as Error).message });
      }
    }),
  filterGroups: z.array(z.object({ filters: z.array(filterSchema).min(1) })).max(20),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
});
export type ExportSpec = z.infer<typeof exportOptionsSchema>;

export class ExportUsageError extends KitError {
  static override readonly brand: string = "ExportUsageError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

/** One `field:cond:value` term; `field:value` means eq; null/notnull take no value. */
export function parseFilterTerm(term: string): SearchFilter {
  const first = term.indexOf(":");
  if (first <= 0) throw new ExportUsageError(`filter "${term}": expected field:condition:value (e.g. price:gt:50)`);
  const field = term.slice(0, first);
  if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(field))
    throw new ExportUsageError(`filter "${term}": "${field}" is not a field name`);
  const rest = term.slice(first + 1);
  const second = rest.indexOf(":");
  const maybeCond = second < 0 ? rest : rest.slice(0, second);
  const cond = z.enum(CONDITION_TYPES).safeParse(maybeCond);
  if (cond.success) {
    const conditionType = cond.data;
    if (conditionType === "null" || conditionType === "notnull") return { field, conditionType };
    if (second < 0 || rest.slice(second + 1) === "")
      throw new ExportUsageError(`filter "${term}": condition ${conditionType} needs a value`);
    return { field, conditionType, value: rest.slice(second + 1) };
  }
  if (second >= 0)
    throw new ExportUsageError(
      `filter "${term}": unknown condition "${maybeCond}" (one of ${CONDITION_TYPES.join(", ")})`,
    );
  return { field, conditionType: "eq", value: rest };
}

/** `a:like:%x%|b:eq:y` terms → filter groups (AND between terms, | is OR inside one). */
export function filterGroupsOf(terms: readonly string[]): SearchFilterGroup[] {
  return terms
    .filter((t) => t.trim() !== "")
    .map((t) => ({ filters: t.split("|").map((x) => parseFilterTerm(x.trim())) }));
}
