import { MagentoApiError, type MagentoClient } from "@magento-integration/client";
import { describeApiError, explorer, stateOfRevocation, type ApiErrorView } from "@/lib/dashboard";
import { storeEdition } from "@magento-integration/sync/events";

export interface SchemaInfo {
  keys: Set<string> | null;
  /** Whose credentials read it. */
  via?: "integration" | "admin token";
  /** Why the schema is unknown (the store's words), when it is. */
  reason?: string;
  /** The store did not answer (or failed for a while): said with Try again, and not kept, so a retry asks again. */
  unreachable?: ApiErrorView;
  /** The store refused the app's token (revoked, replaced, integration deleted): said in the state table's words. */
  tokenRefused?: ApiErrorView;
  /** Which edition the store runs, asked of the store (packages/sync/src/events/store-edition.ts). */
  edition: explorer.KnownEdition;
  at: number;
}

const TTL_MS = 5 * 60_000;
const g = globalThis as unknown as { __explorerSchema?: Map<string, SchemaInfo> };

async function editionOf(client: () => Promise<MagentoClient>): Promise<explorer.KnownEdition> {
  try {
    return await storeEdition(await client());
  } catch {
    return "unknown";
  }
}

/**
 * GET /rest/default/schema with the installation's signed client, and the store's edition, cached per installation
 * for 5 minutes (its answers and refusals of the schema; not a store that did not answer, nor a refused token, so
 * Try again or a Reauthorize is seen at once).
 */
export async function liveSchema(installationId: string, client: () => Promise<MagentoClient>): Promise<SchemaInfo> {
  g.__explorerSchema ??= new Map();
  const hit = g.__explorerSchema.get(installationId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit;
  const [read, edition] = await Promise.allSettled([
    (async () =>
      (await client()).request({ method: "GET", path: "/schema", storeCode: "default", timeoutMs: 15_000 }))(),
    editionOf(client),
  ]);
  const known = edition.status === "fulfilled" ? edition.value : "unknown";
  let info: SchemaInfo;
  if (read.status === "fulfilled") {
    const keys = explorer.schemaRouteKeys(read.value.data);
    info = keys
      ? { keys, via: "integration", edition: known, at: Date.now() }
      : { keys: null, reason: "The store's answer was not a Swagger document.", edition: known, at: Date.now() };
  } else {
    const e: unknown = read.reason;
    const view = describeApiError(e);
    const at = Date.now();
    if (view.action === "retry") return { keys: null, reason: view.title, unreachable: view, edition: known, at };
    if (stateOfRevocation(view.code)) return { keys: null, reason: view.title, tokenRefused: view, edition: known, at };
    // most stores serve the schema to admin bearer tokens only
    info = {
      keys: null,
      reason: e instanceof MagentoApiError ? `HTTP ${e.status}: ${e.renderedMessage}` : (e as Error).message,
      edition: known,
      at,
    };
  }
  g.__explorerSchema.set(installationId, info);
  return info;
}

/** Stores a schema read with other credentials (an admin token the user supplied) for this installation. */
export function rememberSchema(installationId: string, data: unknown): SchemaInfo {
  g.__explorerSchema ??= new Map();
  const keys = explorer.schemaRouteKeys(data);
  const edition = g.__explorerSchema.get(installationId)?.edition ?? "unknown";
  const info: SchemaInfo = keys
    ? { keys, via: "admin token", edition, at: Date.now() }
    : { keys: null, reason: "The store's answer was not a Swagger document.", edition, at: Date.now() };
  g.__explorerSchema.set(installationId, info);
  return info;
}
