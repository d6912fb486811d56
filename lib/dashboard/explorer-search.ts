/** Finding operations in the catalogue and matching them to a store's live schema (pure). */
import type { Operation } from "@/lib/magento/catalogue";

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

/**
 * The operations in the order the explorer lists them: what the connected store's schema serves first, then
 * the rest (missing from its schema, or not checkable), each part in catalogue order.
 */
export function availableFirst(
  ops: readonly Operation[],
  keys: Set<string> | null,
): { available: Operation[]; others: Operation[] } {
  if (!keys) return { available: [], others: [...ops] };
  const available: Operation[] = [];
  const others: Operation[] = [];
  for (const op of ops) (availabilityOf(op, keys) === "available" ? available : others).push(op);
  return { available, others };
}
