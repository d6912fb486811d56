/** Public types of the store REST client (packages/client/src/magento). */
import type { Dispatcher } from "undici";
import type { CatalogueEntry, OperationId, PathParamNames, PathParamsOf, RequiredQueryOf } from "./catalogue.ts";
import type { HttpMethod } from "./http-method.ts";
import type { SignatureFamily } from "./signature-family.ts";
import type { SignatureChoice } from "./signature-choice.ts";
import type { SearchCriteria } from "./search-criteria-types.ts";
import type { AsyncOperationId, BulkAcceptance, BulkRow, bulkStatusSchema, operationSearchSchema } from "./bulk.ts";
import type { z } from "zod";

export type { HttpMethod };

export type { SignatureChoice } from "./signature-choice.ts";

export type MagentoAuth =
  | {
      kind: "oauth";
      consumerKey: string;
      consumerSecret: string;
      accessToken: string;
      accessTokenSecret: string;
      /** Only for signature method RSA-SHA1 (not a Magento method; for other OAuth 1.0a providers). */
      rsaPrivateKeyPem?: string;
    }
  | { kind: "bearer"; token: string }
  | { kind: "none" };

/** Everything that touches time, randomness or the network is injectable. */
export interface IoOptions {
  /**
   * The undici Dispatcher calls go through (e.g. an Agent shared by many clients, with its own connect-time
   * checks). Default: a keep-alive Pool of the client's own for the store's origin (see maxConnections).
   */
  dispatcher?: Dispatcher;
  /**
   * A fetch to send through instead (tests, custom transports). A fetch that carries an undici `dispatcher`
   * property (the app's guarded store fetch does) is used through that dispatcher directly: its checks run in
   * the dispatcher's connector, so nothing is skipped, and undici's fetch layer is not paid for on every call.
   */
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** 32 chars [0-9a-z]; called once per attempt, never reused. */
  nonce?: () => string;
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). */
  random?: () => number;
  /** Per attempt. Default 30 000 ms. */
  timeoutMs?: number;
  /**
   * Largest response body read, in bytes (decoded). Counted while the body streams in: past it the connection is
   * dropped and the call fails with ResponseTooLargeError (code "response_too_large"). Default 32 MiB.
   */
  maxResponseBytes?: number;
}

export interface MagentoClientOptions extends IoOptions {
  /** store_base_url verbatim (trailing slash ensured; may contain "index.php/"). */
  baseUrl: string;
  auth: MagentoAuth;
  /** "default" | a store code | "all"; absent → rest/V1. */
  storeCode?: string;
  /** Remembered choice for this store. Default HMAC-SHA256 / standard. */
  signature?: SignatureChoice;
  /**
   * Called when the store accepted a signature choice that differs from the one the client started with (or, when
   * no `signature` was given, on the first accepted call), so the caller can store it per store.
   */
  onSignatureChoice?: (choice: SignatureChoice) => void | Promise<void>;
  /**
   * The store's signature family as this process knows it (signature-family.ts), shared by every client of the
   * store so that one call finds the family while the calls that depend on it wait. Default: the client's own.
   */
  family?: SignatureFamily;
  /** Reads the choice stored for the store now (another process may have found the family) before a call looks. */
  storedSignature?: () => Promise<SignatureChoice | undefined>;
  /**
   * Retries after the first attempt: network errors and 429/502/503/504 of idempotent calls (GET, PUT, DELETE);
   * for POST only 429, and 503 with a Retry-After. Default 3.
   */
  maxRetries?: number;
  /**
   * Longest wait before a retry. Default 30 000 ms. A Retry-After longer than this is not cut short: the call
   * fails with code "rate_limited" and the asked delay in `retryAfterMs`.
   */
  maxRetryDelayMs?: number;
  /**
   * The most one call may take, every attempt and pause between retries included: each attempt's timeout is cut to
   * what is left, and no retry starts that could not finish in time (the call then fails with code "timeout"). For
   * calls a person waits on (a page: about 10 s); unset, only the per-attempt timeout bounds a call (jobs).
   */
  callBudgetMs?: number;
  /**
   * Keep-alive connections the client's own pool opens to the store at most; more concurrent calls wait for a
   * free one. Default 16. Ignored when `dispatcher` or `fetch` is given (their owner bounds them).
   */
  maxConnections?: number;
}

export type SearchCriteriaInput = SearchCriteria | { build(): SearchCriteria };

export interface RequestArgs {
  pathParams?: Record<string, string | number>;
  searchCriteria?: SearchCriteriaInput;
  fields?: string;
  query?: Record<string, string>;
  body?: unknown;
  storeCode?: string;
  /** Per-call override of the client's timeout. */
  timeoutMs?: number;
}

export interface RequestSpec extends RequestArgs {
  method: HttpMethod;
  /** "/V1/products/{sku}" (relative to rest/ or rest/{store_code}/). */
  path: string;
}

export interface MagentoResponse<T> {
  status: number;
  headers: Headers;
  data: T;
  url: string;
  durationMs: number;
  attempts: number;
}

export interface PaginateOptions {
  searchCriteria?: SearchCriteriaInput;
  fields?: string;
  /** ≤ 300, default 100. */
  pageSize?: number;
  storeCode?: string;
  /** Unique sort key appended to the caller's sortOrders (default by path: entity_id, page_id, block_id, …). */
  uniqueKey?: string;
  /**
   * Pages requested ahead while the current one is consumed (0–8, default 0: one call at a time). Each is a
   * concurrent call to the store; pages still arrive in order.
   */
  prefetch?: number;
  query?: Record<string, string>;
}

type PathOf<I extends OperationId> = Extract<CatalogueEntry, { id: I }>["path"];

/** `pathParams` with exactly the operation's `{param}` names, required when it has any. */
type PathParamsArg<I extends OperationId> = [PathParamNames<PathOf<I>>] extends [never]
  ? { pathParams?: Record<string, never> }
  : { pathParams: PathParamsOf<I> };

/** `query` holding the operation's required query parameters (schema?services=), required when it has any. */
type QueryArg<I extends OperationId> = [RequiredQueryOf<I>] extends [never]
  ? { query?: Record<string, string> }
  : { query: Record<RequiredQueryOf<I>, string> & Record<string, string> };

/** Arguments of a catalogue call, checked at compile time against the operation's path and query parameters. */
export type CallArgs<I extends OperationId> = Omit<RequestArgs, "pathParams" | "query"> &
  PathParamsArg<I> &
  QueryArg<I>;

export interface BulkCallOptions {
  /** Rows per request (the store's async array limit). Default 5,000 (Magento's default with input limits on). */
  chunkSize?: number;
  storeCode?: string;
  timeoutMs?: number;
}

/** One request of a bulk call: which rows it carried (`firstRow` is the index in the rows given) and the answer. */
export interface BulkChunkResult extends BulkAcceptance {
  firstRow: number;
  rows: number;
}

export interface MagentoClient {
  readonly baseUrl: string;
  /** The signature choice the client currently uses (after any fallback). */
  readonly signature: SignatureChoice;
  /**
   * Any path (`"/V1/products/{sku}"` with pathParams), checked at run time only: for routes outside the catalogue
   * and for operations chosen at run time (`findOperation(id)` gives method and path).
   */
  request<T = unknown>(req: RequestSpec): Promise<MagentoResponse<T>>;
  /**
   * Catalogue-driven call: `call("getProductsBySku", { pathParams: { sku } })`. The id must be a catalogue id and
   * `args` must hold exactly its `{param}`s and required query parameters (checked at compile time; `args` left
   * out entirely is caught at run time). The response type is the second type argument:
   * `call<"getProductsBySku", Product>(…)`.
   */
  call<I extends OperationId, T = unknown>(operationId: I, args?: CallArgs<I>): Promise<MagentoResponse<T>>;
  paginate<T = unknown>(path: string, opts?: PaginateOptions): AsyncIterable<T>;
  /**
   * Queues one call on the store's async web API (`rest/<store>/async/V1/…`): `async("putProductsBySku",
   * { pathParams: { sku }, body })`. Answers the acceptance (bulk_uuid, request_items); never retried after an
   * unclear failure. Only operations other than GET have an async form (checked at compile time).
   */
  async<I extends AsyncOperationId>(operationId: I, args?: CallArgs<I>): Promise<BulkAcceptance>;
  /**
   * Queues rows on the bulk route (`rest/<store>/async/bulk/V1/products/bySku`), `chunkSize` rows per request.
   * Each row is the operation's body holding its path parameters: `bulk("putProductsBySku", [{ sku, product }])`
   * (a row without `sku` does not compile).
   */
  bulk<I extends AsyncOperationId>(
    operationId: I,
    rows: readonly BulkRow<I>[],
    opts?: BulkCallOptions,
  ): Promise<BulkChunkResult[]>;
  /** `GET /V1/bulk/:uuid/status` (or detailed-status: each operation's request and result). */
  bulkStatus(
    bulkUuid: string,
    opts?: { detailed?: boolean; timeoutMs?: number },
  ): Promise<z.infer<typeof bulkStatusSchema>>;
  /** `GET /V1/bulk/?searchCriteria`: operations by bulk_uuid, status, topic_name or start_time. */
  searchBulkOperations(criteria: SearchCriteriaInput): Promise<z.infer<typeof operationSearchSchema>>;
  /**
   * Waits for the calls in flight, then closes the connections the client opened itself. A dispatcher or fetch
   * passed in stays open (its owner closes it). Calls after close() fail.
   */
  close(): Promise<void>;
}
