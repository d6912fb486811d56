import { urldecode } from "./query.ts";
import type { RouteDef } from "./route.ts";

interface CompiledRoute {
  route: RouteDef;
  /** `trim(url, '/')`, the form the service-base filter compares. */
  trimmedUrl: string;
  /** Literal parts, or undefined where the part is a `:param`. */
  parts: (string | undefined)[];
  /** Parameter name by part index. */
  params: Map<number, string>;
}

/** PHP `trim($s, '/')`. */
const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, "");

/**
 * Magento's REST route matching (magento/magento2 app/code/Magento/Webapi/Model/Rest/Config.php::getRestRoutes,
 * Webapi/Controller/Rest/Router.php::match, Webapi/Controller/Rest/Router/Route.php::match):
 * 1. a route whose URL equals the path exactly wins outright;
 * 2. otherwise the routes under the path's service base (`#^/?\w+/\w+#`, e.g. `/V1/products`) are taken in
 *    `ksort(SORT_STRING)` order of their URLs, every one that matches is kept, and the last one wins: `:` sorts
 *    before letters, so a literal segment beats a parameter at the first place two candidates differ;
 * 3. a route matches when the part counts agree and every literal part equals the raw path part (escapes are not
 *    decoded, so `/V1/product%73/x` matches nothing); parameters are `urldecode`d (`%2F` → `/`, `+` → space).
 */
export class Router {
  private readonly byUrl = new Map<string, Map<string, CompiledRoute>>();
  /** URLs in `ksort($routes, SORT_STRING)` order (byte order). */
  private readonly sortedUrls: string[];

  constructor(routes: readonly RouteDef[]) {
    for (const route of routes) {
      const parts = trimSlashes(route.path).split("/");
      const params = new Map<number, string>();
      parts.forEach((p, i) => {
        if (p.startsWith(":")) params.set(i, p.slice(1));
      });
      const compiled: CompiledRoute = {
        route,
        trimmedUrl: trimSlashes(route.path),
        parts: parts.map((p, i) => (params.has(i) ? undefined : p)),
        params,
      };
      const methods = this.byUrl.get(route.path) ?? new Map<string, CompiledRoute>();
      methods.set(route.method, compiled);
      this.byUrl.set(route.path, methods);
    }
    this.sortedUrls = [...this.byUrl.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  }

  /** `pathInfo` is the raw path after `/rest/{store}` (escapes as sent), e.g. `/V1/products/ABC%2F10`. */
  match(method: string, pathInfo: string): { route: RouteDef; params: Record<string, string> } | undefined {
    const exact = this.byUrl.get(pathInfo)?.get(method);
    if (exact) return { route: exact.route, params: this.paramsOf(exact, pathInfo) ?? {} };
    const base = /^\/?\w+\/\w+/.exec(pathInfo)?.[0];
    if (!base) return undefined;
    const trimmedBase = trimSlashes(base);
    let last: { route: RouteDef; params: Record<string, string> } | undefined;
    for (const url of this.sortedUrls) {
      const candidate = this.byUrl.get(url)?.get(method);
      if (!candidate || !candidate.trimmedUrl.startsWith(trimmedBase)) continue;
      const params = this.paramsOf(candidate, pathInfo);
      if (params) last = { route: candidate.route, params };
    }
    return last;
  }

  private paramsOf(c: CompiledRoute, pathInfo: string): Record<string, string> | undefined {
    const parts = trimSlashes(pathInfo).split("/");
    if (parts.length !== c.parts.length) return undefined;
    const out: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const name = c.params.get(i);
      if (name !== undefined) out[name] = urldecode(parts[i] ?? "");
      else if (parts[i] !== c.parts[i]) return undefined;
    }
    return out;
  }
}
