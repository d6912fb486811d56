/**
 * The route table as Markdown (devstore/src/rest/README.md "Routes" is this output; a test keeps the two equal):
 * `npx tsx -e 'import("./devstore/src/rest/routes-doc.ts").then((m) => console.log(m.routesMarkdown()))'`.
 */
import { isAnonymous, isCustomerSelf, routeOperationId, type RouteDef } from "./route.ts";
import { ROUTES } from "./routes/index.ts";
import { swaggerPath } from "./schema.ts";

function access(r: RouteDef): string {
  const who = isAnonymous(r) ? "anonymous" : isCustomerSelf(r) ? "self (customer token)" : `\`${r.aclResource}\``;
  return r.edition === "commerce" ? `${who} · Commerce only` : who;
}

export function routesMarkdown(routes: readonly RouteDef[] = ROUTES): string {
  const services = new Set(routes.map((r) => r.service));
  const lines = [
    `${routes.length} operations in ${services.size} services (${routes.filter((r) => r.edition === "commerce").length} only with \`--edition commerce\`).`,
    "",
    "| Method | Path | Operation id | Access |",
    "|---|---|---|---|",
    ...routes.map((r) => `| ${r.method} | \`${swaggerPath(r.path)}\` | ${routeOperationId(r)} | ${access(r)} |`),
  ];
  return lines.join("\n");
}
