/**
 * The public routes that read a request body read at most a bound of it (readBodyCapped in app/_kit/request.ts,
 * over packages/client/src/net/read-capped.ts). `POST /api/health` once read its whole body with request.text(): an 800 MB POST
 * took the production server from 0.3 to 1.8 GB of memory, so a few at once would end the process. Each route gets
 * a body that never ends (chunked, no Content-Length) and must answer a 4xx after reading little more than its
 * bound.
 */
import { describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: () => undefined }),
}));

const CHUNK = new Uint8Array(64 * 1024).fill(97);
/** Most a body is allowed to be read past its route's bound before the route stops reading. */
const SLACK = 2 * CHUNK.byteLength;

/** A POST whose body streams 64 KiB chunks, up to 64 MiB; counts what the route pulled. */
function endlessPost(url: string, contentType: string): { request: Request; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= 64 * 1024 * 1024) return controller.close();
      pulled += CHUNK.byteLength;
      controller.enqueue(CHUNK);
    },
  });
  const request = new Request(url, {
    method: "POST",
    body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

// Each test imports a route, and through it the whole kit (its first import takes seconds on a loaded machine).
describe("route handlers never read an unbounded body", { timeout: 30_000 }, () => {
  it("POST /api/health answers 413 after at most 64 KiB (and a chunk or two)", async () => {
    const { POST } = await import("@/app/api/health/route");
    const { request, pulled } = endlessPost("http://app.test/api/health", "application/x-www-form-urlencoded");
    const res = await POST(request);
    expect(res.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(64 * 1024 + SLACK);
  });

  it("POST /api/integration/callback answers 400 after at most 64 KiB (and a chunk or two)", async () => {
    const { POST } = await import("@/app/api/integration/callback/route");
    const { request, pulled } = endlessPost(
      "http://app.test/api/integration/callback",
      "application/x-www-form-urlencoded",
    );
    const res = await POST(request);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/too large/);
    expect(pulled()).toBeLessThanOrEqual(64 * 1024 + SLACK);
  });

  it("a short body is still read whole (the health route answers ok)", async () => {
    const { POST } = await import("@/app/api/health/route");
    const res = await POST(
      new Request("http://app.test/api/health", {
        method: "POST",
        body: "oauth_consumer_key=x",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(res.status).toBe(200);
  });
});
