/** createMagentoClient: addressing + auth + signature fallback + transport, and catalogue-driven calls. */
import { generateNonce } from "@/lib/oauth";
import { buildQuery, fillPath, normaliseBaseUrl, pathParamNames, restUrl, withQuery } from "./addressing";
import { authorizationFor } from "./auth";
import { findOperation } from "./catalogue";
import { errorFromResponse } from "./errors";
import { validateFields } from "./fields";
import { guardedNonce } from "./nonce-guard";
import { paginate } from "./paginate";
import { parseSuccessBody } from "./response-body";
import { resolveSearchCriteria, searchCriteriaToQuery } from "./search-criteria";
import { DEFAULT_SIGNATURE, fallbackSignal, sameChoice, SignatureNegotiation, signatureAccepted } from "./signature-fallback";
import { send, transportDeps } from "./transport";
import type {
  MagentoClient,
  MagentoClientOptions,
  MagentoResponse,
  RequestArgs,
  RequestSpec,
  SignatureChoice,
} from "./types";

export class OperationCallError extends Error {
  override name = "OperationCallError";
}

interface Target {
  method: RequestSpec["method"];
  url: string;
  body: unknown;
  timeoutMs?: number;
  expect: "json" | "text";
}

export function createMagentoClient(opts: MagentoClientOptions): MagentoClient {
  const baseUrl = normaliseBaseUrl(opts.baseUrl);
  const deps = transportDeps(opts);
  const clock = { now: deps.now, nonce: guardedNonce(opts.nonce ?? (() => generateNonce())) };
  let current: SignatureChoice = opts.signature ?? DEFAULT_SIGNATURE;
  let confirmed = opts.signature !== undefined;

  function urlFor(spec: RequestSpec): string {
    const pairs: Array<[string, string]> = [];
    const criteria = resolveSearchCriteria(spec.searchCriteria);
    if (criteria) pairs.push(...searchCriteriaToQuery(criteria));
    if (spec.fields !== undefined) {
      validateFields(spec.fields);
      pairs.push(["fields", spec.fields]);
    }
    if (spec.query) pairs.push(...Object.entries(spec.query));
    const path = fillPath(spec.path, spec.pathParams);
    return withQuery(restUrl(baseUrl, path, spec.storeCode ?? opts.storeCode), buildQuery(pairs));
  }

  async function rememberChoice(choice: SignatureChoice): Promise<void> {
    const changed = !confirmed || !sameChoice(choice, current);
    current = choice;
    confirmed = true;
    if (!changed || !opts.onSignatureChoice) return;
    try {
      await opts.onSignatureChoice(choice);
    } catch {
      // storing the choice is best effort: the call itself succeeded
    }
  }

  async function execute<T>(t: Target): Promise<MagentoResponse<T>> {
    const started = deps.now();
    const headers: Record<string, string> = { Accept: "application/json" };
    const body = t.body === undefined ? undefined : JSON.stringify(t.body);
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const negotiation = new SignatureNegotiation(current);
    let attempts = 0;
    for (;;) {
      const choice = negotiation.current;
      const result = await send(
        {
          method: t.method,
          url: t.url,
          headers: () => {
            const authorization = authorizationFor(opts.auth, t.method, t.url, choice, clock);
            return authorization ? { ...headers, Authorization: authorization } : headers;
          },
          body,
          retry: true,
          ...(t.timeoutMs !== undefined ? { timeoutMs: t.timeoutMs } : {}),
        },
        deps,
      );
      attempts += result.attempts;
      const ok = result.status >= 200 && result.status < 300;
      if (opts.auth.kind === "oauth") {
        const signal = fallbackSignal(result.status, result.text);
        if (signal && negotiation.next(signal)) continue;
        if (signatureAccepted(result.status, result.text)) await rememberChoice(choice);
      }
      if (!ok) throw errorFromResponse(result.status, result.text, t.url, t.method);
      const data =
        t.expect === "text" ? result.text : parseSuccessBody(result.text, result.headers.get("content-type"), t.url, t.method, result.status);
      return { status: result.status, headers: result.headers, data: data as T, url: t.url, durationMs: deps.now() - started, attempts };
    }
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

  function call<T = unknown>(operationId: string, args: RequestArgs = {}): Promise<MagentoResponse<T>> {
    const op = findOperation(operationId);
    if (!op) return Promise.reject(new OperationCallError(`unknown operation "${operationId}"`));
    const missing = pathParamNames(op.path).filter((p) => args.pathParams?.[p] === undefined || String(args.pathParams[p]) === "");
    if (missing.length) {
      return Promise.reject(new OperationCallError(`${op.id} (${op.method} ${op.path}) needs path parameter${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`));
    }
    const missingQuery = (op.requiredQuery ?? []).filter((q) => args.query?.[q] === undefined);
    if (missingQuery.length) return Promise.reject(new OperationCallError(`${op.id} needs query parameter ${missingQuery.join(", ")}`));
    if (op.base === "portal") {
      return Promise.reject(new OperationCallError(`${op.id} is a developer-portal operation: use the portal client (lib/portal)`));
    }
    if (op.base === "store") {
      const url = withQuery(baseUrl + op.path.replace(/^\//, ""), buildQuery(Object.entries(args.query ?? {})));
      return execute<T>({ method: op.method, url, body: args.body, timeoutMs: args.timeoutMs, expect: "text" });
    }
    return request<T>({ ...args, method: op.method, path: op.path });
  }

  return {
    baseUrl,
    get signature() {
      return current;
    },
    request,
    call,
    paginate: <T = unknown>(path: string, o?: Parameters<MagentoClient["paginate"]>[1]) => paginate<T>(request, path, o),
  };
}
