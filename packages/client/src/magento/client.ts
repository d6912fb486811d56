/** createMagentoClient: addressing + auth + signature fallback + transport, and catalogue-driven calls. */
import { Pool } from "undici";
import { generateNonce } from "../oauth/index.ts";
import {
  buildQuery,
  fillPath,
  normaliseBaseUrl,
  pathParamNames,
  restUrl,
  sentAsSignedCheck,
  withQuery,
} from "./addressing.ts";
import { createAuthorizer, type Authorizer } from "./auth.ts";
import { findListOperation, findOperation, type OperationId } from "./catalogue.ts";
import { errorFromResponse } from "./errors.ts";
import {
  acceptanceSchema,
  bulkPath,
  bulkStatusSchema,
  DEFAULT_BULK_CHUNK,
  operationSearchSchema,
  type BulkAcceptance,
} from "./bulk.ts";
import { validateFields } from "./fields.ts";
import { guardedNonce } from "./nonce-guard.ts";
import { paginate } from "./paginate.ts";
import { parseSuccessBody } from "./response-body.ts";
import { criteriaQuery } from "./search-criteria.ts";
import { SignatureFamily, sendInFamily } from "./signature-family.ts";
import { send, transportDeps, type TransportRequest, type TransportResult } from "./transport.ts";
import type { AsyncOperationId, BulkRow } from "./bulk.ts";
import type {
  BulkCallOptions,
  BulkChunkResult,
  CallArgs,
  MagentoClient,
  MagentoClientOptions,
  MagentoResponse,
  RequestArgs,
  RequestSpec,
  SignatureChoice,
} from "./types.ts";
import { KitError } from "../kit-error.ts";

export class OperationCallError extends KitError {
  static override readonly brand: string = "OperationCallError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

interface Target {
  method: RequestSpec["method"];
  url: string;
  body: unknown;
  timeoutMs?: number;
  expect: "json" | "text";
  /** An async/bulk submission: never retried after an unclear failure (transport.ts createsWork). */
  createsWork?: boolean;
}

/** A list operation called with no criteria at all gets 400 `"%fieldName" is required` (searchCriteria) from Magento. */
const FIRST_PAGE: readonly [string, string] = ["searchCriteria[currentPage]", "1"];

/** Keep-alive connections of a client's own pool: what one store should see from one client at most. */
export const DEFAULT_MAX_CONNECTIONS = 16;

/** A MagentoResponse whose Headers object is only built when asked for (a class: see TransportResult). */
class ClientResponse<T> implements MagentoResponse<T> {
  readonly status: number;
  readonly url: string;
  readonly #result: TransportResult;
  constructor(
    result: TransportResult,
    readonly data: T,
    readonly durationMs: number,
    readonly attempts: number,
  ) {
    this.status = result.status;
    this.url = result.url;
    this.#result = result;
  }

  get headers(): Headers {
    return this.#result.headers;
  }
}

/** One try of a call in one signature choice: headers are built, and signed afresh, for every attempt. */
class CallAttempt implements TransportRequest {
  readonly retry = true;
  constructor(
    readonly method: string,
    readonly url: string,
    readonly body: string | undefined,
    readonly timeoutMs: number | undefined,
    private readonly choice: SignatureChoice,
    private readonly authorize: Authorizer,
    readonly createsWork: boolean,
  ) {}

  headers(): Record<string, string> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.body !== undefined) headers["content-type"] = "application/json";
    const authorization = this.authorize(this.method, this.url, this.choice);
    if (authorization !== undefined) headers.authorization = authorization;
    return headers;
  }
}

/** The client's own pool for the store's origin, unless the caller brings the transport. */
function ownPool(opts: MagentoClientOptions, baseUrl: string): Pool | undefined {
  if (opts.dispatcher || opts.fetch) return undefined;
  const connections = opts.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  if (!Number.isSafeInteger(connections) || connections < 1)
    throw new RangeError(`maxConnections must be a positive integer (got ${connections})`);
  return new Pool(new URL(baseUrl).origin, { connections, keepAliveTimeout: 10_000 });
}

export function createMagentoClient(opts: MagentoClientOptions): MagentoClient {
  const baseUrl = normaliseBaseUrl(opts.baseUrl);
  const assertSentAsSigned = sentAsSignedCheck(baseUrl);
  const pool = ownPool(opts, baseUrl);
  const deps = transportDeps({ ...opts, ...(pool ? { dispatcher: pool } : {}) });
  // An injected nonce source is checked (shape, no repeats); the built-in one is correct by construction.
  const clock = { now: deps.now, nonce: opts.nonce ? guardedNonce(opts.nonce) : () => generateNonce() };
  const authorize = createAuthorizer(opts.auth, clock);
  const signed = opts.auth.kind === "oauth";
  const family = opts.family ?? new SignatureFamily(opts.signature);
  if (opts.family) family.adopt(opts.signature);
  let closed = false;

  function urlFor(spec: RequestSpec): string {
    const pairs: Array<readonly [string, string]> = criteriaQuery(spec.searchCriteria) ?? [];
    if (pairs.length === 0 && spec.method === "GET" && findListOperation(spec.method, spec.path))
      pairs.push(FIRST_PAGE);
    if (spec.fields !== undefined) {
      validateFields(spec.fields);
      pairs.push(["fields", spec.fields]);
    }
    if (spec.query) pairs.push(...Object.entries(spec.query));
    const path = fillPath(spec.path, spec.pathParams);
    return withQuery(restUrl(baseUrl, path, spec.storeCode ?? opts.storeCode), buildQuery(pairs));
  }

  /** Reports a choice the store accepted to the caller, who stores it per store (best effort: the call succeeded). */
  async function report(choice: SignatureChoice): Promise<void> {
    if (!opts.onSignatureChoice) return;
    try {
      await opts.onSignatureChoice(choice);
    } catch {
      // storing the choice is best effort: the call itself succeeded
    }
  }

  async function execute<T>(t: Target): Promise<MagentoResponse<T>> {
    if (closed) throw new OperationCallError("this Magento client is closed");
    assertSentAsSigned(t.url);
    const started = deps.now();
    const body = t.body === undefined ? undefined : JSON.stringify(t.body);
    const sendIn = (choice: SignatureChoice) =>
      send(new CallAttempt(t.method, t.url, body, t.timeoutMs, choice, authorize, t.createsWork === true), deps);
    const { answer: result, attempts } = signed
      ? await sendInFamily(family, t.method, t.url, sendIn, { report, storedSignature: opts.storedSignature })
      : await sendIn(family.choice).then((answer) => ({ answer, attempts: answer.attempts }));
    if (result.status < 200 || result.status >= 300)
      throw errorFromResponse(result.status, result.text, t.url, t.method);
    const data =
      t.expect === "text"
        ? result.text
        : parseSuccessBody(result.text, result.header("content-type"), t.url, t.method, result.status);
    return new ClientResponse<T>(result, data as T, deps.now() - started, attempts);
  }

  function request<T = unknown>(spec: RequestSpec): Promise<MagentoResponse<T>> {
    let url: string;
    try {
      url = urlFor(spec);
    } catch (err) {
      return Promise.reject(err);
    }
    return execute<T>({ method: spec.method, url, body: spec.body, timeoutMs: spec.timeoutMs, expect: "json" });
  }

  /** The catalogue call, checked again at run time (JavaScript callers and casts bypass the types). */
  function callOperation<T>(operationId: string, args: RequestArgs = {}): Promise<MagentoResponse<T>> {
    const op = findOperation(operationId);
    if (!op) return Promise.reject(new OperationCallError(`unknown operation "${operationId}"`));
    const missing = pathParamNames(op.path).filter(
      (p) => args.pathParams?.[p] === undefined || String(args.pathParams[p]) === "",
    );
    if (missing.length) {
      return Promise.reject(
        new OperationCallError(
          `${op.id} (${op.method} ${op.path}) needs path parameter${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`,
        ),
      );
    }
    const missingQuery = (op.requiredQuery ?? []).filter((q) => args.query?.[q] === undefined);
    if (missingQuery.length)
      return Promise.reject(new OperationCallError(`${op.id} needs query parameter ${missingQuery.join(", ")}`));
    if (op.base === "portal") {
      return Promise.reject(
        new OperationCallError(
          `${op.id} is a developer-portal operation: use the portal client (packages/handshake/src/portal)`,
        ),
      );
    }
    if (op.base === "store") {
      let url: string;
      try {
        url = withQuery(baseUrl + op.path.replace(/^\//, ""), buildQuery(Object.entries(args.query ?? {})));
      } catch (err) {
        return Promise.reject(err);
      }
      return execute<T>({ method: op.method, url, body: args.body, timeoutMs: args.timeoutMs, expect: "text" });
    }
    return request<T>({ ...args, method: op.method, path: op.path });
  }

  /** The catalogue operation behind an async or bulk call, refused when it has no async form. */
  function asyncOperationOf(operationId: string) {
    const op = findOperation(operationId);
    if (!op) throw new OperationCallError(`unknown operation "${operationId}"`);
    if (op.base !== "rest" || op.kind !== "rest" || op.method === "GET") {
      throw new OperationCallError(
        `${op.id} (${op.method} ${op.path}) has no async form: Magento queues POST, PUT, DELETE and PATCH store routes only`,
      );
    }
    return op;
  }

  async function submit(
    method: RequestSpec["method"],
    path: string,
    body: unknown,
    storeCode: string | undefined,
    timeoutMs: number | undefined,
  ): Promise<BulkAcceptance> {
    const url = restUrl(baseUrl, path, storeCode ?? opts.storeCode);
    const res = await execute<unknown>({ method, url, body, timeoutMs, expect: "json", createsWork: true });
    const parsed = acceptanceSchema.safeParse(res.data);
    if (!parsed.success)
      throw new OperationCallError(
        `the store's answer to ${method} ${path} is not a bulk acceptance (bulk_uuid, request_items): ${parsed.error.issues[0]?.message ?? ""}`,
      );
    return parsed.data;
  }

  async function asyncCall(operationId: string, args: RequestArgs = {}): Promise<BulkAcceptance> {
    const op = asyncOperationOf(operationId);
    return submit(op.method, `/async${fillPath(op.path, args.pathParams)}`, args.body, args.storeCode, args.timeoutMs);
  }

  async function bulkCall(
    operationId: string,
    rows: readonly Record<string, unknown>[],
    o: BulkCallOptions = {},
  ): Promise<BulkChunkResult[]> {
    const op = asyncOperationOf(operationId);
    const names = pathParamNames(op.path);
    rows.forEach((row, i) => {
      const missing = names.filter((n) => row[n] === undefined || row[n] === null || String(row[n]) === "");
      if (missing.length)
        throw new OperationCallError(
          `${op.id}: row ${i} has no ${missing.join(", ")} (a bulk row carries the path parameters in its body)`,
        );
    });
    const size = o.chunkSize ?? DEFAULT_BULK_CHUNK;
    if (!Number.isSafeInteger(size) || size < 1)
      throw new RangeError(`chunkSize must be a positive integer (got ${size})`);
    const out: BulkChunkResult[] = [];
    for (let first = 0; first < rows.length; first += size) {
      const chunk = rows.slice(first, first + size);
      const acceptance = await submit(op.method, `/async/bulk${bulkPath(op.path)}`, chunk, o.storeCode, o.timeoutMs);
      out.push({ firstRow: first, rows: chunk.length, ...acceptance });
    }
    return out;
  }

  return {
    baseUrl,
    get signature() {
      return family.choice;
    },
    request,
    call: <I extends OperationId, T = unknown>(operationId: I, args?: CallArgs<I>) =>
      callOperation<T>(operationId, args),
    paginate: <T = unknown>(path: string, o?: Parameters<MagentoClient["paginate"]>[1]) =>
      paginate<T>(request, path, o),
    async: <I extends AsyncOperationId>(operationId: I, args?: CallArgs<I>) => asyncCall(operationId, args),
    bulk: <I extends AsyncOperationId>(operationId: I, rows: readonly BulkRow<I>[], o?: BulkCallOptions) =>
      bulkCall(operationId, rows, o),
    async bulkStatus(bulkUuid, o = {}) {
      const res = await request<unknown>({
        method: "GET",
        path: `/V1/bulk/{bulkUuid}/${o.detailed ? "detailed-status" : "status"}`,
        pathParams: { bulkUuid },
        timeoutMs: o.timeoutMs,
      });
      return bulkStatusSchema.parse(res.data);
    },
    async searchBulkOperations(criteria) {
      const res = await request<unknown>({ method: "GET", path: "/V1/bulk/", searchCriteria: criteria });
      return operationSearchSchema.parse(res.data);
    },
    async close() {
      closed = true;
      await pool?.close();
    },
  };
}
