/**
 * The merchant admin (/admin pages and /admin/api) has no sign-in: it trusts that only the developer's own
 * scripts and browser tabs reach it. Two ways a web page the developer visits could reach it anyway are refused:
 * - DNS rebinding: a name the attacker controls resolves to 127.0.0.1 and his page reads `/admin/api/integrations`
 *   (every consumer secret) as same-origin. Only the Host the store is bound to (or `localhost` on its port) is served.
 * - Cross-site writes: a `text/plain` or form POST, or a body-less `no-cors` POST, needs no CORS preflight, so the
 *   page could create and activate an integration that posts its secrets to the attacker. The JSON API takes JSON
 *   bodies only (a JSON POST from another origin needs a preflight the store never grants), and no write whose
 *   Origin (or Sec-Fetch-Site) names another site is served on any admin route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Hosts a request may name: the bound host and port, and `localhost`/`127.0.0.1`/`[::1]` when bound to loopback. */
export function allowedHosts(storeUrl: string): Set<string> {
  const u = new URL(storeUrl);
  const hosts = new Set([u.host]);
  const loopback = ["127.0.0.1", "localhost", "[::1]"];
  if (loopback.includes(u.hostname)) for (const h of loopback) hosts.add(`${h}:${u.port}`);
  return hosts;
}

function isAdminPath(url: string): boolean {
  return url === "/admin" || url.startsWith("/admin/") || url.startsWith("/admin?");
}

/** Why this admin request is refused, or undefined when it may be served. */
export function adminRefusal(
  req: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  storeUrl: string,
): { status: number; message: string } | undefined {
  if (!isAdminPath(req.url)) return undefined;
  const host = String(req.headers.host ?? "").toLowerCase();
  const hosts = allowedHosts(storeUrl);
  if (!hosts.has(host))
    return {
      status: 421,
      message: `This dev store answers its admin only as ${[...hosts].join(", ")} (Host was "${host}").`,
    };
  if (!UNSAFE.has(req.method)) return undefined;
  const origin = req.headers.origin;
  if (typeof origin === "string" && origin !== "null" && !hosts.has(hostOf(origin))) {
    return { status: 403, message: "Cross-site writes to the dev store's admin are refused." };
  }
  if (
    origin === "null" ||
    req.headers["sec-fetch-site"] === "cross-site" ||
    req.headers["sec-fetch-site"] === "same-site"
  ) {
    return { status: 403, message: "Cross-site writes to the dev store's admin are refused." };
  }
  if (req.url.startsWith("/admin/api/")) {
    const type = String(req.headers["content-type"] ?? "");
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    if ((type !== "" || hasBody) && !/^application\/json\s*(;|$)/i.test(type)) {
      return { status: 415, message: "The admin API takes JSON bodies only: send Content-Type: application/json." };
    }
  }
  return undefined;
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return "";
  }
}

export function guardAdmin(app: FastifyInstance, storeUrl: () => string): void {
  app.addHook("onRequest", async (req: FastifyRequest, reply: FastifyReply) => {
    const refusal = adminRefusal({ method: req.method, url: req.raw.url ?? "/", headers: req.headers }, storeUrl());
    if (refusal)
      return reply.code(refusal.status).header("content-type", "application/json").send({ message: refusal.message });
  });
}
