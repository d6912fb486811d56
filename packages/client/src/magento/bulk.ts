/**
 * Magento's asynchronous web API, typed from the catalogue (docs/rest-semantics.md#async-and-bulk):
 * - `async("putProductsBySku", { pathParams: { sku }, body })` queues one call: `rest/<store>/async/V1/…`;
 * - `bulk("putProductsBySku", rows)` queues an array: `rest/<store>/async/bulk/V1/products/bySku`, each row
 *   carrying the operation's path parameters in its body, split into chunks the store takes (5,000 by default);
 * - `bulkStatus(uuid)` reads what the store's consumer did with each operation.
 * A submission is never retried after an unclear failure (the store may have queued it); see packages/sync/src/bulk for
 * tracked submissions that survive a crash.
 */
import { z } from "zod";
import type { CatalogueEntry, OperationId, PathParamNames } from "./catalogue.ts";

/**
 * Operations that may have an async form: catalogue operations other than GET (Magento has no async GET). The
 * token and developer-portal POSTs are refused at run time.
 */
export type AsyncOperationId = Extract<CatalogueEntry, { method: "POST" | "PUT" | "DELETE" | "PATCH" }>["id"];

type PathOf<I extends OperationId> = Extract<CatalogueEntry, { id: I }>["path"];

/** One element of a bulk: the operation's body with its path parameters (`sku` for putProductsBySku) in it. */
export type BulkRow<I extends AsyncOperationId> = Record<PathParamNames<PathOf<I>>, string | number> &
  Record<string, unknown>;

/** Magento's default async array limit with input limits on (default_input_array_size_limit). */
export const DEFAULT_BULK_CHUNK = 5_000;

/** `/V1/products/{sku}/media/{entryId}` → `/V1/products/bySku/media/byEntryId`. */
export function bulkPath(path: string): string {
  return path.replace(
    /\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (_m, name: string) => `by${name.charAt(0).toUpperCase()}${name.slice(1)}`,
  );
}

/** Operation status codes (OperationInterface::STATUS_TYPE_*). */
export const BULK_STATUS = { complete: 1, retriablyFailed: 2, failed: 3, open: 4, rejected: 5 } as const;
export type BulkStatusCode = (typeof BULK_STATUS)[keyof typeof BULK_STATUS];

export const acceptanceSchema = z.object({
  bulk_uuid: z.string().min(1).max(100),
  request_items: z.array(
    z.object({
      id: z.number().int().nonnegative(),
      data_hash: z.string().nullish(),
      status: z.string(),
      error_message: z.string().nullish(),
    }),
  ),
  errors: z.boolean().optional(),
});
export type BulkAcceptance = z.infer<typeof acceptanceSchema>;

const operationSchema = z.object({
  id: z.number().int(),
  status: z.number().int().min(1).max(5),
  result_message: z.string().nullish(),
  error_code: z.number().nullish(),
  serialized_data: z.string().nullish(),
  result_serialized_data: z.string().nullish(),
});

export const bulkStatusSchema = z.object({
  operations_list: z.array(operationSchema),
  operation_count: z.number().int().nonnegative().optional(),
  start_time: z.string().nullish(),
  description: z.string().nullish(),
});

export interface BulkOperationState {
  /** The row's index in the submitted array (request_items[i].id). */
  index: number;
  status: BulkStatusCode;
  message: string | null;
}

/**
 * Each operation of a status answer by its index in the submitted array. Operation ids follow the array order
 * (docs/rest-semantics.md#async-and-bulk); some versions number them from the table's id instead of 0, so the
 * answer is sorted by id and read by position.
 */
export function operationsByIndex(answer: z.infer<typeof bulkStatusSchema>): BulkOperationState[] {
  return [...answer.operations_list]
    .sort((a, b) => a.id - b.id)
    .map((o, index) => ({ index, status: o.status as BulkStatusCode, message: o.result_message ?? null }));
}

/** The search route's answer (GET /V1/bulk/?searchCriteria): operations with their bulk and request. */
export const operationSearchSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      bulk_uuid: z.string(),
      topic_name: z.string().nullish(),
      serialized_data: z.string().nullish(),
      status: z.number().int().nullish(),
    }),
  ),
  total_count: z.number().int().nonnegative(),
});

/** The request body an operation carries (serialized_data.meta_information), or undefined when unreadable. */
export function operationRequest(serialized: string | null | undefined): unknown {
  if (!serialized) return undefined;
  try {
    const outer = JSON.parse(serialized) as { meta_information?: unknown };
    return typeof outer.meta_information === "string" ? JSON.parse(outer.meta_information) : outer.meta_information;
  } catch {
    return undefined;
  }
}
