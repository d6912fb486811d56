/**
 * Most cart operations come in three routes (magento/magento2 app/code/Magento/Quote/etc/webapi.xml and the
 * modules that extend carts): `/V1/carts/{cartId}/…` for the admin or an integration (Magento_Cart::manage unless
 * the module says otherwise), `/V1/carts/mine/…` for a customer token (`self`) and `/V1/guest-carts/{cartId}/…`
 * for anyone holding the masked id (`anonymous`). This builds the three route definitions from one handler.
 */
import type { Quote } from "../../data/index.ts";
import { scopedQuote, type CartScope } from "../quote/cart-access.ts";
import type { ParamDoc, RouteContext, RouteDef } from "../route.ts";

export interface ScopeRoute {
  path: string;
  service: string;
  operation: string;
  /** The path parameter naming the cart (default cartId). */
  param?: string;
}

export interface ScopedSpec {
  method: RouteDef["method"];
  summary: string;
  returns: string;
  body?: ParamDoc[];
  query?: ParamDoc[];
  /** ACL resource of the admin route (default Magento_Cart::manage). */
  adminAcl?: string;
  edition?: "commerce";
  admin?: ScopeRoute;
  mine?: ScopeRoute;
  guest?: ScopeRoute;
  handler: (ctx: RouteContext, quote: Quote, scope: CartScope) => unknown;
}

export function scopedRoutes(spec: ScopedSpec): RouteDef[] {
  const out: RouteDef[] = [];
  for (const scope of ["admin", "mine", "guest"] as const) {
    const r = spec[scope];
    if (!r) continue;
    const sharesService = scope === "mine" && spec.admin?.service === r.service && spec.admin.operation === r.operation;
    out.push({
      method: spec.method,
      path: r.path,
      service: r.service,
      operation: r.operation,
      ...(sharesService ? { operationIdSuffix: "Mine" } : {}),
      aclResource:
        scope === "admin" ? (spec.adminAcl ?? "Magento_Cart::manage") : scope === "mine" ? "self" : "anonymous",
      ...(spec.edition ? { edition: spec.edition } : {}),
      summary: spec.summary,
      returns: spec.returns,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      handler: (ctx) => spec.handler(ctx, scopedQuote(ctx, scope, r.param), scope),
    });
  }
  return out;
}
