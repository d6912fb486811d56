/** Public types of the store REST client (lib/magento). */
import type { SignatureMethod, SignatureMode } from "@/lib/oauth";
import type { OperationId } from "./catalogue";
import type { SearchCriteria } from "./search-criteria-types";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface SignatureChoice {
  method: SignatureMethod;
  mode: SignatureMode;
}

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
  /** Retries after the first attempt (network errors of idempotent calls, 429/502/503/504). Default 3. */
  maxRetries?: number;
  /** Upper bound for one Retry-After / backoff wait. Default 30 000 ms. */
  maxRetryDelayMs?: number;
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
  query?: Record<string, string>;
}

export interface MagentoClient {
  readonly baseUrl: string;
  /** The signature choice the client currently uses (after any fallback). */
  readonly signature: SignatureChoice;
  request<T = unknown>(req: RequestSpec): Promise<MagentoResponse<T>>;
  /** Catalogue-driven call: `call("getProductsBySku", { pathParams: { sku } })`; every `{param}` must be given. */
  call<T = unknown>(operationId: OperationId | (string & {}), args?: RequestArgs): Promise<MagentoResponse<T>>;
  paginate<T = unknown>(path: string, opts?: PaginateOptions): AsyncIterable<T>;
}
