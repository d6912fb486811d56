import { cookies, headers } from "next/headers";
import { getEnv } from "@/lib/env";
import { readCapped } from "@magento-integration/client/net";
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

/** The most of an activation callback's body read: Magento posts four short fields (~250 bytes). */
export const CALLBACK_BODY_MAX_BYTES = 64 * 1024;

/**
 * A request's body, read up to `maxBytes` (null when it is longer: the rest is never read). Every route handler
 * that reads a body reads it through this (packages/client/src/net/read-capped.ts; ESLint refuses `.text()` and the like): a
 * public route that holds a whole body in memory lets anyone exhaust the server's memory with one large POST.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) return null;
  return readCapped(request.body, maxBytes);
}
