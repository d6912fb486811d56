/**
 * The activation callback's rate limit on PostgreSQL is one budget for every app instance: two kits (each with
 * its own connections, as two `next start` processes have) on one database, callbacks posted to both at once.
 * Per consumer key 10 a minute, per client 60, exact: a callback refused by one budget costs the other nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, createSecretBox } from "@magento-integration/storage";
import { parseEnv } from "@/lib/env";
import { createKit } from "@/lib/kit";
import { createLogger } from "@/lib/log";
import { freshDatabaseUrl, PROVIDERS } from "../helpers/databases";
import { randomToken, TEST_BOX_KEYS } from "../helpers/handshake-harness";

describe.runIf(PROVIDERS.includes("postgresql"))("callback rate limit shared by two app instances (PostgreSQL)", () => {
  let dispose: () => Promise<void>;
  let kits: Array<ReturnType<typeof createKit>>;

  beforeEach(async () => {
    const db = await freshDatabaseUrl("postgresql");
    dispose = db.dispose;
    const instance = () =>
      createKit({
        env: parseEnv({ NODE_ENV: "test", DATABASE_URL: db.url, ALLOW_PRIVATE_STORE_URLS: "true" }),
        db: openDatabase(db.url, { poolSize: 4 }),
        secretBox: createSecretBox(TEST_BOX_KEYS),
        log: createLogger({ level: "silent" }),
        fetch: globalThis.fetch,
      }); // no callbackLimiter: each kit builds its default, the shared one
    kits = [instance(), instance()];
  });
  afterEach(async () => {
    for (const kit of kits) await kit.close(1_000);
    await dispose();
  });

  /** A key's callbacks carry its one consumer secret, as a store's do (the key's budget is the key's and its secret's). */
  const secrets = new Map<string, string>();
  const secretOf = (key: string) => secrets.get(key) ?? secrets.set(key, randomToken()).get(key)!;
  const callback = (key: string) =>
    new URLSearchParams({
      oauth_consumer_key: key,
      oauth_consumer_secret: secretOf(key),
      store_base_url: "http://shop.invalid/",
      oauth_verifier: randomToken(),
    });
  /** Posts every (key, client) at once, alternating between the two instances; the statuses in that order. */
  const burst = (posts: Array<[key: string, client: string]>) =>
    Promise.all(
      posts.map(([key, clientIp], i) =>
        kits[i % 2]!.handshake.receiveCallback(callback(key), { clientIp }).then((r) => r.status),
      ),
    );
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it("one key: exactly 10 callbacks a minute across both instances, the rest refused with 429", async () => {
    const key = randomToken();
    const statuses = await burst(Array.from({ length: 16 }, (_, i) => [key, `198.51.100.${i}`] as [string, string]));
    expect(count(statuses, 200)).toBe(10);
    expect(count(statuses, 429)).toBe(6);
    // later callbacks of that key, on either instance, are refused too
    expect(
      await burst([
        [key, "198.51.100.99"],
        [key, "198.51.100.98"],
      ]),
    ).toEqual([429, 429]);
  });

  it("one client: exactly 60 across both instances, and a callback the client's budget refused leaves its key's budget whole", async () => {
    const client = "198.51.100.7";
    const keys = Array.from({ length: 70 }, () => randomToken());
    const statuses = await burst(keys.map((k) => [k, client] as [string, string]));
    expect(count(statuses, 200)).toBe(60);
    expect(count(statuses, 429)).toBe(10);
    // a key refused only by the client's budget still has all 10 of its own (from another client)
    const refusedKey = keys[statuses.indexOf(429)]!;
    const again = await burst(Array.from({ length: 11 }, (_, i) => [refusedKey, `203.0.113.${i}`] as [string, string]));
    expect(count(again, 200)).toBe(10);
    // and the client stays spent on both instances
    expect(
      await burst([
        [randomToken(), client],
        [randomToken(), client],
      ]),
    ).toEqual([429, 429]);
  });
});
