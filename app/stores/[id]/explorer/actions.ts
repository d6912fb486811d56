"use server";

import { findOperation, MagentoApiError } from "@magento-integration/client";
import { explorer, describeApiError, resourceOfRoute } from "@/lib/dashboard";
import { loadStore } from "@/app/_kit";

export type RunResult =
  | { kind: "idle" }
  | { kind: "invalid"; errors: Record<string, string> }
  | {
      kind: "response";
      ok: boolean;
      status: number;
      durationMs: number;
      url: string;
      headers: Array<[string, string]>;
      body: string;
      curl: string;
      explanation?: { title: string; advice: string };
      /** The store's own message with its %1 placeholders filled in (never the raw template). */
      storeMessage?: string;
      at: string;
    }
  | { kind: "confirm"; method: string; path: string; host: string }
  | { kind: "unsupported"; message: string };

const WRITES = new Set(["POST", "PUT", "DELETE"]);

const BODY_LIMIT = 200_000;

function pretty(data: unknown): string {
  const s = typeof data === "string" ? data : JSON.stringify(data, null, 2);
  return s.length > BODY_LIMIT ? `${s.slice(0, BODY_LIMIT)}\n… (truncated at ${BODY_LIMIT} characters)` : s;
}

/** Executes one catalogue operation, signed with the installation's token. */
export async function runOperation(
  installationId: string,
  operationId: string,
  _prev: RunResult,
  form: FormData,
): Promise<RunResult> {
  const { store, client: storeClient, door } = await loadStore(installationId);
  const op = findOperation(operationId);
  if (!op) return { kind: "unsupported", message: `Unknown operation ${operationId}.` };
  if (op.base === "portal")
    return {
      kind: "unsupported",
      message: "Developer-portal operations use the portal's own credentials: use the Developer portal page.",
    };
  const parsed = explorer.parseExplorerForm(op, form);
  if (!parsed.ok) return { kind: "invalid", errors: parsed.errors };
  // a write changes the store's data: it is sent only after the user confirmed it (the form asks; without
  // JavaScript this answer asks)
  if (WRITES.has(op.method) && form.get("confirmed") !== "yes") {
    return { kind: "confirm", method: op.method, path: op.path, host: new URL(store.baseUrl).host };
  }
  const req = parsed.request;
  const at = new Date().toISOString();

  if (op.base === "store") {
    // the /swagger page lives at the store base URL, outside rest/
    const started = performance.now();
    try {
      const page = await door.stores.fetchSwagger(store.baseUrl);
      const body = page.truncated ? `${page.text}\n… (the store sent more; cut here)` : page.text;
      return {
        kind: "response",
        ok: page.ok,
        status: page.status,
        durationMs: Math.round(performance.now() - started),
        url: page.url,
        headers: explorer.visibleHeaders(page.headers),
        body: pretty(body),
        curl: `curl ${page.url}`,
        at,
      };
    } catch (e) {
      return { kind: "unsupported", message: `The store did not answer: ${(e as Error).message}` };
    }
  }

  const started = performance.now();
  try {
    const client = storeClient();
    const res = await client.request({
      method: op.method,
      path: op.path,
      pathParams: req.pathParams,
      ...(req.searchCriteria ? { searchCriteria: req.searchCriteria } : {}),
      ...(req.fields ? { fields: req.fields } : {}),
      ...(req.query ? { query: req.query } : {}),
      ...(req.body !== undefined ? { body: req.body } : {}),
      ...(req.storeCode ? { storeCode: req.storeCode } : {}),
    });
    return {
      kind: "response",
      ok: true,
      status: res.status,
      durationMs: Math.round(res.durationMs),
      url: res.url,
      headers: explorer.visibleHeaders(res.headers),
      body: pretty(res.data),
      curl: explorer.curlCommand({
        method: op.method,
        url: res.url,
        body: req.body,
        signatureMethod: client.signature.method,
      }),
      at,
    };
  } catch (e) {
    const v = describeApiError(e, { resource: resourceOfRoute(explorer.routeKey(op.method, op.path)) });
    if (e instanceof MagentoApiError) {
      return {
        kind: "response",
        ok: false,
        status: e.status,
        durationMs: Math.round(performance.now() - started),
        url: e.url,
        headers: [],
        body: e.body ?? e.renderedMessage,
        curl: explorer.curlCommand({ method: op.method, url: e.url, body: req.body }),
        explanation: { title: v.title, advice: v.advice },
        ...(e.renderedMessage ? { storeMessage: e.renderedMessage } : {}),
        at,
      };
    }
    return { kind: "unsupported", message: `${v.title}: ${v.storeMessage ?? ""} ${v.advice}` };
  }
}
