/**
 * The byte limit on the injected-fetch path: the body is pulled chunk by chunk and the stream is cancelled as soon
 * as the count passes the limit, so a 200 MB answer is never read past it.
 */
import { describe, expect, it } from "vitest";
import {
  createMagentoClient,
  fetchRequestToken,
  MagentoOAuthError,
  ResponseTooLargeError,
  TOKEN_RESPONSE_MAX_BYTES,
} from "../../src/magento/index.ts";

const CHUNK = new Uint8Array(64 * 1024).fill(0x61);

/** A fetch answering `total` bytes produced on demand; `pulled()` says how many the client asked for. */
function floodingFetch(total: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  let cancelled = false;
  let calls = 0;
  const fetch = (async () => {
    calls++;
    return new Response(
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (pulled >= total) return controller.close();
            pulled += CHUNK.length;
            controller.enqueue(CHUNK);
          },
          cancel() {
            cancelled = true;
          },
        },
        { highWaterMark: 0 },
      ),
      { status: 200, headers },
    );
  }) as typeof globalThis.fetch;
  return { fetch, pulled: () => pulled, cancelled: () => cancelled, calls: () => calls };
}

describe("response size limit (injected fetch)", () => {
  it("a 200 MB token response stops at the token limit with a typed error", async () => {
    const f = floodingFetch(200 * 1024 * 1024);
    const err = (await fetchRequestToken({
      storeBaseUrl: "https://store.test/",
      consumerKey: "k".repeat(32),
      consumerSecret: "s".repeat(32),
      fetch: f.fetch,
    }).catch((e: unknown) => e)) as MagentoOAuthError;
    expect(err).toBeInstanceOf(MagentoOAuthError);
    expect(err.kind).toBe("too_large");
    expect(err.cause).toBeInstanceOf(ResponseTooLargeError);
    expect(f.pulled()).toBeLessThanOrEqual(TOKEN_RESPONSE_MAX_BYTES + 2 * CHUNK.length);
    expect(f.cancelled()).toBe(true);
  });

  it("a REST answer past maxResponseBytes stops there, and a declared Content-Length fails before reading", async () => {
    const f = floodingFetch(200 * 1024 * 1024);
    const client = createMagentoClient({
      baseUrl: "https://store.test/",
      auth: { kind: "none" },
      fetch: f.fetch,
      maxResponseBytes: 1024 * 1024,
    });
    const err = (await client
      .request({ method: "GET", path: "/V1/products/x" })
      .catch((e: unknown) => e)) as ResponseTooLargeError;
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.code).toBe("response_too_large");
    expect(err.status).toBe(200);
    expect(f.calls()).toBe(1); // a GET, yet not retried: the same answer would be as large
    expect(f.pulled()).toBeLessThanOrEqual(1024 * 1024 + 2 * CHUNK.length);

    const declared = floodingFetch(200 * 1024 * 1024, { "content-length": String(200 * 1024 * 1024) });
    const c2 = createMagentoClient({
      baseUrl: "https://store.test/",
      auth: { kind: "none" },
      fetch: declared.fetch,
      maxResponseBytes: 1024 * 1024,
    });
    const e2 = (await c2
      .request({ method: "GET", path: "/V1/products/x" })
      .catch((e: unknown) => e)) as ResponseTooLargeError;
    expect(e2.declaredBytes).toBe(200 * 1024 * 1024);
    expect(declared.pulled()).toBeLessThanOrEqual(CHUNK.length);
  });

  it("refuses a limit that is not a positive whole number of bytes", () => {
    expect(() =>
      createMagentoClient({ baseUrl: "https://store.test/", auth: { kind: "none" }, maxResponseBytes: 0 }),
    ).toThrow(/maxResponseBytes/);
  });
});
