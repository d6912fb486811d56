import { MagentoApiError, type MagentoClient } from "@/lib/magento";
import { describeApiError, explorer, type ApiErrorView } from "@/lib/dashboard";

export interface SchemaInfo {
  keys: Set<string> | null;
  /** Whose credentials read it. */
  via?: "integration" | "admin token";
  /** Why the schema is unknown (the store's words), when it is. */
  reason?: string;
  /** The store did not answer (or failed for a while): said with Try again, and not kept, so a retry asks again. */
  unreachable?: ApiErrorView;
  at: number;
}

const TTL_MS = 5 * 60_000;
const g = globalThis as unknown as { __explorerSchema?: Map<string, SchemaInfo> };

/**
 * GET /rest/default/schema with the installation's signed client, cached per installation for 5 minutes (its
 * answers, refusals included; not a store that did not answer).
 */
export async function liveSchema(installationId: string, client: () => Promise<MagentoClient>): Promise<SchemaInfo> {
  g.__explorerSchema ??= new Map();
  const hit = g.__explorerSchema.get(installationId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit;
  let info: SchemaInfo;
  try {
    const res = await (
      await client()
    ).request({ method: "GET", path: "/schema", storeCode: "default", timeoutMs: 15_000 });
    const keys = explorer.schemaRouteKeys(res.data);
    info = keys
      ? { keys, via: "integration", at: Date.now() }
      : { keys: null, reason: "The store's answer was not a Swagger document.", at: Date.now() };
  } catch (e) {
    const view = describeApiError(e);
    if (view.action === "retry") return { keys: null, reason: view.title, unreachable: view, at: Date.now() };
    // most stores serve the schema to admin bearer tokens only
    info = {
      keys: null,
      reason: e instanceof MagentoApiError ? `HTTP ${e.status}: ${e.renderedMessage}` : (e as Error).message,
      at: Date.now(),
    };
  }
  g.__explorerSchema.set(installationId, info);
  return info;
}

/** Stores a schema read with other credentials (an admin token the user supplied) for this installation. */
export function rememberSchema(installationId: string, data: unknown): SchemaInfo {
  g.__explorerSchema ??= new Map();
  const keys = explorer.schemaRouteKeys(data);
  const info: SchemaInfo = keys
    ? { keys, via: "admin token", at: Date.now() }
    : { keys: null, reason: "The store's answer was not a Swagger document.", at: Date.now() };
  g.__explorerSchema.set(installationId, info);
  return info;
}
