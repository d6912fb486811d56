import { badRequest } from "./errors.ts";
import { isAnonymous, isCustomerSelf, routeOperationId, type RouteDef } from "./route.ts";

/** The schema endpoint needs an admin bearer token; its 401 names this resource. */
export const SCHEMA_ACL_RESOURCE = "Magento_Backend::admin";

export interface SwaggerParameter {
  name: string;
  in: "path" | "query" | "body";
  type?: string;
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}

export interface SwaggerOperation {
  tags: string[];
  summary: string;
  description: string;
  operationId: string;
  consumes: string[];
  produces: string[];
  parameters: SwaggerParameter[];
  responses: Record<string, { description: string; schema?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
  "x-acl-resource": string;
  "x-anonymous"?: boolean;
  "x-customer-self"?: boolean;
  "x-commerce-only"?: boolean;
}

export interface SwaggerDocument {
  swagger: "2.0";
  info: { version: string; title: string; description: string };
  host: string;
  basePath: string;
  schemes: string[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, SwaggerOperation>>;
  securityDefinitions: Record<string, Record<string, string>>;
  definitions: Record<string, unknown>;
}

/** `/V1/products/:sku` → `/V1/products/{sku}` (the catalogue's notation). */
export function swaggerPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
}

const SEARCH_CRITERIA_PARAMS: SwaggerParameter[] = [
  { name: "searchCriteria[filterGroups][0][filters][0][field]", in: "query", type: "string", description: "Field" },
  { name: "searchCriteria[filterGroups][0][filters][0][value]", in: "query", type: "string", description: "Value" },
  {
    name: "searchCriteria[filterGroups][0][filters][0][conditionType]",
    in: "query",
    type: "string",
    description: "Condition type: eq neq gt gteq moreq lt lteq from to in nin like finset null notnull (default eq)",
  },
  { name: "searchCriteria[sortOrders][0][field]", in: "query", type: "string", description: "Sorting field." },
  {
    name: "searchCriteria[sortOrders][0][direction]",
    in: "query",
    type: "string",
    description: "Sorting direction: ASC or DESC (default DESC).",
  },
  { name: "searchCriteria[pageSize]", in: "query", type: "integer", description: "Page size (omitted: all matches)." },
  { name: "searchCriteria[currentPage]", in: "query", type: "integer", description: "Current page." },
];

const ERROR_SCHEMA = { $ref: "#/definitions/error-response" };

function operationFor(route: RouteDef): SwaggerOperation {
  const operationId = routeOperationId(route);
  const parameters: SwaggerParameter[] = [];
  for (const m of route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
    parameters.push({ name: m[1] ?? "", in: "path", type: "string", required: true });
  }
  if (route.searchCriteria) parameters.push(...SEARCH_CRITERIA_PARAMS);
  for (const q of route.query ?? [])
    parameters.push({
      name: q.name,
      in: "query",
      type: q.type,
      required: q.required ?? false,
      description: q.description,
    });
  if (route.method !== "DELETE") {
    parameters.push({
      name: "fields",
      in: "query",
      type: "string",
      required: false,
      description: "Trim the response: a,b,obj[x,y], nested; items[...] on lists.",
    });
  }
  if (route.body?.length) {
    const properties: Record<string, unknown> = {};
    for (const b of route.body) properties[b.name] = { type: b.type, description: b.description };
    const required = route.body.filter((b) => b.required).map((b) => b.name);
    parameters.push({
      name: `${operationId}Body`,
      in: "body",
      required: true,
      schema: { type: "object", properties, ...(required.length ? { required } : {}) },
    });
  }
  const op: SwaggerOperation = {
    tags: [route.service],
    summary: route.summary,
    description: route.summary,
    operationId,
    consumes: ["application/json"],
    produces: ["application/json"],
    parameters,
    responses: {
      "200": { description: route.returns },
      "401": { description: "Unauthorized", schema: ERROR_SCHEMA },
      default: { description: "Unexpected error", schema: ERROR_SCHEMA },
    },
    "x-acl-resource": route.aclResource,
  };
  if (!isAnonymous(route)) op.security = [{ api_key: [] }];
  if (isAnonymous(route)) op["x-anonymous"] = true;
  if (isCustomerSelf(route)) op["x-customer-self"] = true;
  if (route.edition === "commerce") op["x-commerce-only"] = true;
  if (route.path.includes(":")) op.responses["404"] = { description: "Not found", schema: ERROR_SCHEMA };
  if (route.method !== "GET" || route.searchCriteria)
    op.responses["400"] = { description: "Input error", schema: ERROR_SCHEMA };
  return op;
}

/** Service names in table order. */
export function serviceNames(routes: readonly RouteDef[]): string[] {
  return [...new Set(routes.map((r) => r.service))];
}

/**
 * Swagger 2.0 for the operations the dev store serves, generated from the route table (the only source).
 * `services` is Magento's `?services=a,b` filter (`all` or absent = every service).
 */
export function buildSchema(
  routes: readonly RouteDef[],
  opts: { baseUrl: string; storeCode: string; services?: string; edition?: "open-source" | "commerce" },
): SwaggerDocument {
  let selected = routes;
  const wanted = opts.services
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (wanted && wanted.length && !wanted.includes("all")) {
    const known = new Set(serviceNames(routes));
    const unknown = wanted.filter((s) => !known.has(s));
    if (unknown.length) throw badRequest("Incorrect format of request URI or Requested services are missing.");
    selected = routes.filter((r) => wanted.includes(r.service));
  }
  const url = new URL(opts.baseUrl);
  const basePath = `${url.pathname.replace(/\/$/, "")}/rest/${opts.storeCode}`;
  const paths: SwaggerDocument["paths"] = {};
  for (const route of selected) {
    const p = swaggerPath(route.path);
    (paths[p] ??= {})[route.method.toLowerCase()] = operationFor(route);
  }
  return {
    swagger: "2.0",
    info: {
      version: "2.4",
      title: opts.edition === "commerce" ? "Adobe Commerce (dev store)" : "Magento Open Source (dev store)",
      description: "Generated from the dev store's route table: exactly the operations this store serves.",
    },
    host: url.host,
    basePath,
    schemes: [url.protocol.replace(":", "")],
    tags: serviceNames(selected).map((name) => ({ name, description: `${name} service` })),
    paths,
    securityDefinitions: {
      api_key: { type: "apiKey", name: "Authorization", in: "header", description: "Bearer <admin or customer token>" },
    },
    definitions: {
      "error-response": {
        type: "object",
        properties: {
          message: { type: "string", description: "Error message (placeholders unsubstituted)" },
          errors: { type: "array", items: { type: "object" } },
          code: { type: "integer" },
          parameters: { type: "object" },
          trace: { type: "string" },
        },
        required: ["message"],
      },
    },
  };
}
