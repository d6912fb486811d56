/**
 * Several app processes on one PostgreSQL, for real: web instances (the callback verb, WORKER=off) and workers
 * (`npm run worker`'s script) as separate processes. Every activation ends active, no job runs twice (each
 * store sees exactly one request-token call per activation), and after `kill -9` of a web instance or a worker,
 * its work finishes elsewhere. The store sits behind a counting proxy.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startDevStore, type DevStore } from "../../packages/devstore/src/server";
import { freshDatabaseUrl } from "../helpers/databases";
import { startChild, type Child } from "../helpers/processes";
import { startStoreProxy, type StoreProxy } from "../helpers/store-proxy";
import { openDatabase, type Database } from "@magento-integration/storage";

const run = process.env.TEST_POSTGRES_URL ? describe : describe.skip;

run("several instances and workers on one PostgreSQL", () => {
  let url: string;
  let dispose: () => Promise<void>;
  let db: Database;
  let store: DevStore;
  let proxy: StoreProxy;
  let children: Child[] = [];

  beforeEach(async () => {
    ({ url, dispose } = await freshDatabaseUrl("postgresql"));
    db = openDatabase(url, { poolSize: 2 });
    store = await startDevStore({ port: 0 });
    proxy = await startStoreProxy(store.storeBaseUrl);
    children = [];
  });
  afterEach(async () => {
    for (const c of children) await c.stop();
    await proxy.close();
    await store.close();
    await db.close();
    await dispose();
  });

  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    DATABASE_URL: url,
    ALLOW_PRIVATE_STORE_URLS: "true",
    STORE_BASE_URL_AS: proxy.url,
    WORKER_CONCURRENCY: "4",
    JOB_POLL_MS: "50",
    JOB_LEASE_SECONDS: "4",
    ...extra,
  });
  const web = async () => {
    const c = await startChild("tests/helpers/callback-server.ts", env({ WORKER: "off" }));
    children.push(c);
    return c;
  };
  const worker = async () => {
    const c = await startChild("scripts/worker.ts", env(), { ready: /worker running/ });
    children.push(c);
    return c;
  };

  async function admin<T>(path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${store.url}/admin/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function integrations(n: number, webs: Child[]) {
    const out: Array<{ id: number; consumer_key: string }> = [];
    for (let i = 0; i < n; i++) {
      out.push(
        await admin("/integrations", {
          name: `Multi ${i}`,
          endpoint: `${webs[i % webs.length]!.url}/api/integration/callback`,
          identityLinkUrl: "http://127.0.0.1:9/identity",
          resources: "all",
        }),
      );
    }
    return out;
  }

  async function waitForStates(
    keys: string[],
    done: (state: string) => boolean,
    timeoutMs = 90_000,
  ): Promise<Map<string, string>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await db.prisma.installation.findMany({
        where: { consumerKey: { in: keys } },
        select: { consumerKey: true, state: true },
      });
      const states = new Map(rows.map((r) => [r.consumerKey, r.state]));
      if (keys.every((k) => done(states.get(k) ?? "none"))) return states;
      if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify([...states])}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it("two web instances and two workers: every activation active, one request-token call each, no job run twice", async () => {
    // the four processes start side by side (each compiles and loads the kit: seconds on a loaded machine)
    const webs = await Promise.all([web(), web()]);
    await Promise.all([worker(), worker()]);
    const list = await integrations(16, webs);
    const acts = await Promise.all(
      list.map((i) => admin<{ callback?: { status?: number } }>(`/integrations/${i.id}/activate`)),
    );
    expect(acts.every((a) => a.callback?.status === 200)).toBe(true);
    const keys = list.map((i) => i.consumer_key);
    await waitForStates(keys, (s) => s === "active");
    for (const k of keys) expect(proxy.requestTokenCalls.get(k)).toBe(1);
    expect(await db.prisma.activation.count()).toBe(16);
    expect(await db.prisma.installation.count()).toBe(16);
  }, 150_000); // longer than waitForStates' own deadline, so a stall fails with the states it reached

  it("kill -9 of a web instance after it answered: its callbacks were stored, a worker finishes them", async () => {
    const [a] = [await web()];
    const list = await integrations(6, [a!]);
    const acts = await Promise.all(
      list.map((i) => admin<{ callback?: { status?: number } }>(`/integrations/${i.id}/activate`)),
    );
    expect(acts.every((x) => x.callback?.status === 200)).toBe(true);
    await a!.kill9();
    await worker();
    const keys = list.map((i) => i.consumer_key);
    await waitForStates(keys, (s) => s === "active");
    for (const k of keys) expect(proxy.requestTokenCalls.get(k)).toBe(1);
  }, 150_000);

  it("kill -9 of a worker in the middle of its exchanges: another worker resumes them, one request-token call each", async () => {
    const a = await web();
    const first = await worker();
    proxy.parkAccess(true); // the access-token calls wait at the proxy: the worker is mid-exchange
    const list = await integrations(4, [a]);
    await Promise.all(list.map((i) => admin(`/integrations/${i.id}/activate`)));
    // one store: at most STORE_CONCURRENCY (2) of its exchanges run at once; those two are caught mid-way
    const deadline = Date.now() + 30_000;
    while (proxy.parked() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(proxy.parked()).toBe(2);
    await first.kill9(); // its calls die with it: the store never sees them
    while (proxy.parked() > 0) await new Promise((r) => setTimeout(r, 20));
    proxy.parkAccess(false);
    await worker();
    const keys = list.map((i) => i.consumer_key);
    await waitForStates(keys, (s) => s === "active", 60_000);
    for (const k of keys) {
      const answers = JSON.stringify(proxy.tokenAnswers.filter((a) => a.consumerKey === k));
      expect(proxy.requestTokenCalls.get(k), answers).toBe(1);
      expect(proxy.accessTokenCalls.get(k), answers).toBe(1);
    }
    const resumed = await db.prisma.installationEvent.count({ where: { kind: "exchange_resumed" } });
    expect(resumed).toBe(2);
  }, 150_000);
});
