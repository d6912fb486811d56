import { cookies, headers } from "next/headers";
import { getEnv } from "@/lib/env";
import type { RequestContext } from "@/lib/kit";

/**
 * The client's IP, only when TRUST_PROXY says a proxy in front sets X-Forwarded-For (its last hop is the address
 * the proxy saw). Without one these headers are whatever the client wrote, so no per-IP limit is kept.
 */
export async function clientIp(): Promise<string | undefined> {
  if (!getEnv().trustProxy) return undefined;
  const h = await headers();
  const xff = h.get("x-forwarded-for");
  return (xff ? xff.split(",").pop()?.trim() : undefined) || h.get("x-real-ip") || undefined;
}

/** This request as the kit's verbs see it: Next's cookie jar and the trusted client address. */
export async function requestContext(): Promise<RequestContext> {
  const ip = await clientIp();
  return { cookies: await cookies(), ...(ip ? { clientIp: ip } : {}) };
}

/**
 * A request's body, read up to `maxBytes` (null when it is longer: the rest is never read). Every route handler
 * that reads a body reads it through this: `request.text()` holds all of it in memory, and a public route that
 * does that lets anyone exhaust the server's memory with one large POST. A chunked body has no Content-Length to
 * check up front, so the count is kept while it streams in.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
