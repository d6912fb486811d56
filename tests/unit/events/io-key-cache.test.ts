/**
 * The I/O Events key cache (packages/sync/src/events/io-key-cache.ts) under made-up key paths of Adobe's shape: a loaded key is
 * never pushed out by paths that fail, new paths are fetched within a budget a minute, and one path is fetched
 * once however many ask at the same time. The key host is a fake fetch that counts every request.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createIoKeyCache, MAX_IN_FLIGHT, NEW_PATHS_PER_MINUTE } from "@magento-integration/sync/events";

const publicPem = readFileSync(join(__dirname, "..", "..", "fixtures", "store-events", "io1-public.pem"), "utf8");
const REAL = "/prod/keys/pub-key-real.pem";

function keyHost() {
  const asked: string[] = [];
  let open = 0;
  let most = 0;
  const release: Array<() => void> = [];
  const fetch = (async (url: string | URL | Request) => {
    const path = new URL(String(url)).pathname;
    asked.push(path);
    open++;
    most = Math.max(most, open);
    await new Promise<void>((r) => release.push(r));
    open--;
    return path === REAL ? new Response(publicPem) : new Response("missing", { status: 404 });
  }) as typeof globalThis.fetch;
  /** Lets every request waiting so far have its answer. */
  const answerAll = () => release.splice(0).forEach((r) => r());
  return { asked, fetch, answerAll, most: () => most };
}

describe("I/O Events key cache", () => {
  it("300 made-up paths neither push the loaded key out nor cost more than the budget of fetches", async () => {
    const host = keyHost();
    let now = new Date("2026-12-07T10:00:00Z");
    const cache = createIoKeyCache({ origin: "http://keys.invalid", fetch: host.fetch, now: () => now });
    const real = cache(REAL);
    host.answerAll();
    expect(await real).not.toBeNull();
    for (let minute = 0; minute < 5; minute++) {
      const asks = Array.from({ length: 60 }, (_, i) => cache(`/prod/keys/pub-key-made-up-${minute}-${i}.pem`));
      await new Promise((r) => setImmediate(r));
      host.answerAll();
      expect(await Promise.all(asks)).toEqual(new Array(60).fill(null));
      now = new Date(now.getTime() + 60_000);
    }
    const madeUp = host.asked.filter((p) => p !== REAL);
    expect(madeUp.length).toBeLessThanOrEqual(5 * NEW_PATHS_PER_MINUTE);
    expect(host.most()).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    expect(await cache(REAL)).not.toBeNull();
    expect(host.asked.filter((p) => p === REAL)).toHaveLength(1);
  });

  it("one path asked for by many at once is fetched once", async () => {
    const host = keyHost();
    const cache = createIoKeyCache({ origin: "http://keys.invalid", fetch: host.fetch, now: () => new Date() });
    const asks = Array.from({ length: 20 }, () => cache(REAL));
    await new Promise((r) => setImmediate(r));
    host.answerAll();
    const keys = await Promise.all(asks);
    expect(keys.every((k) => k !== null)).toBe(true);
    expect(host.asked).toEqual([REAL]);
  });
});
