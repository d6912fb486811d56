/** Finding operations in the catalogue and matching them to a store's live schema (pure). */
import type { Operation } from "@magento-integration/client";

export interface OperationQuery {
  q?: string;
  edition?: "open-source" | "commerce";
  method?: "GET" | "POST" | "PUT" | "DELETE";
}

/** Every word of q must appear in the method, path, module, group or id (case-insensitive). */
export function searchOperations(ops: readonly Operation[], query: OperationQuery): Operation[] {
  const words = (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return ops.filter((op) => {
    if (query.edition && op.edition !== query.edition) return false;
    if (query.method && op.method !== query.method) return false;
    if (words.length === 0) return true;
    const hay = `${op.method} ${op.path} ${op.module} ${op.group} ${op.id}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** `/V1/products/{sku}` and `/V1/products/{productSku}` are the same route: parameter names don't matter. */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}").replace(/\/+$/, "")}`;
}

export type Availability = "available" | "missing" | "unknown";

/** Route keys of a Swagger 2.0 document's paths, or null when it is not one. */
export function schemaRouteKeys(schema: unknown): Set<string> | null {
  if (!schema || typeof schema !== "object") return null;
  const paths = (schema as { paths?: unknown }).paths;
  if (!paths || typeof paths !== "object") return null;
  const keys = new Set<string>();
  for (const [path, methods] of Object.entries(paths as Record<string, unknown>)) {
    if (!methods || typeof methods !== "object") continue;
    for (const m of Object.keys(methods)) {
      if (/^(get|post|put|delete|patch)$/i.test(m)) keys.add(routeKey(m, path));
    }
  }
  return keys;
}

/** REST operations are checked against the schema; schema/portal operations are not in it. */
export function availabilityOf(op: Operation, keys: Set<string> | null): Availability {
  if (!keys || op.kind === "portal" || op.kind === "schema" || op.base !== "rest") return "unknown";
  return keys.has(routeKey(op.method, op.path)) ? "available" : "missing";
}

/** The store's edition as far as the app knows it (packages/sync/src/events/store-edition.ts asks the store). */
export type KnownEdition = "open-source" | "commerce" | "unknown";

export interface OperationGroup {
  id: "available" | "others" | "all" | "commerce";
  title: string;
  ops: Operation[];
  /** Listed behind a closed disclosure: operations this store cannot serve. */
  collapsed: boolean;
}

/**
 * The operations in the order the explorer lists them: what the connected store serves first (by its schema when
 * it could be read), then the rest, each part in catalogue order. On a Magento Open Source store the Commerce-only
 * operations come last, in a group of their own that the page keeps closed: the store answers them 404.
 */
export function operationGroups(
  ops: readonly Operation[],
  keys: Set<string> | null,
  edition: KnownEdition,
): OperationGroup[] {
  const commerce = edition === "open-source" ? ops.filter((op) => op.edition === "commerce") : [];
  const served = edition === "open-source" ? ops.filter((op) => op.edition !== "commerce") : [...ops];
  const groups: OperationGroup[] = [];
  if (keys) {
    const available: Operation[] = [];
    const others: Operation[] = [];
    for (const op of served) (availabilityOf(op, keys) === "available" ? available : others).push(op);
    groups.push({ id: "available", title: "Available on this store", ops: available, collapsed: false });
    groups.push({ id: "others", title: "Not in this store's schema", ops: others, collapsed: false });
  } else {
    const title = edition === "open-source" ? "Operations of Magento Open Source" : "Operations";
    groups.push({ id: "all", title, ops: served, collapsed: false });
  }
  if (commerce.length > 0)
    groups.push({
      id: "commerce",
      title: "Adobe Commerce only: not available on this store",
      ops: commerce,
      collapsed: true,
    });
  return groups.filter((g) => g.ops.length > 0);
}
