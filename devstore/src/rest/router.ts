import type { RouteDef } from "./route";

interface CompiledRoute {
  route: RouteDef;
  segments: { literal?: string; param?: string }[];
}

/**
 * Matches a decoded-per-segment path against the route table. Literal segments win over parameters at
 * the first position where candidates differ (`/V1/customers/search` before `/V1/customers/:customerId`).
 */
export class Router {
  private readonly byMethod = new Map<string, CompiledRoute[]>();

  constructor(routes: readonly RouteDef[]) {
    for (const route of routes) {
      const segments = splitPath(route.path).map((s) => (s.startsWith(":") ? { param: s.slice(1) } : { literal: s }));
      const list = this.byMethod.get(route.method) ?? [];
      list.push({ route, segments });
      this.byMethod.set(route.method, list);
    }
    for (const list of this.byMethod.values()) {
      list.sort((a, b) => {
        const n = Math.min(a.segments.length, b.segments.length);
        for (let i = 0; i < n; i++) {
          const la = a.segments[i]?.literal !== undefined;
          const lb = b.segments[i]?.literal !== undefined;
          if (la !== lb) return la ? -1 : 1;
        }
        return 0;
      });
    }
  }

  /** `rawSegments` are still percent-encoded; literals compare decoded. */
  match(method: string, rawSegments: string[]): { route: RouteDef; params: Record<string, string> } | undefined {
    const list = this.byMethod.get(method);
    if (!list) return undefined;
    const decoded = rawSegments.map(rawurldecode);
    outer: for (const c of list) {
      if (c.segments.length !== decoded.length) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < decoded.length; i++) {
        const seg = c.segments[i];
        const value = decoded[i] ?? "";
        if (seg?.literal !== undefined) {
          if (seg.literal !== value) continue outer;
        } else if (seg?.param !== undefined) {
          params[seg.param] = value;
        }
      }
      return { route: c.route, params };
    }
    return undefined;
  }
}

export function splitPath(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}

/** PHP rawurldecode: `%XX` escapes only (`+` stays a plus in a path). */
export function rawurldecode(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment.replace(/%[0-9a-fA-F]{2}/g, (m) => String.fromCharCode(parseInt(m.slice(1), 16)));
  }
}
