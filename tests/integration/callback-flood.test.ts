/**
 * Floods of unauthenticated activation callbacks, on SQLite and PostgreSQL, with small bounded counts (the
 * production-build flood with memory and descriptors is tests/e2e/callback-flood.spec.ts; figures under a large
 * flood: bench/callback-flood.bench.ts). Each test replays an attack from the attack review:
 * - random keys against a host where nothing listens: only the never-proven budget is admitted (the rest 503,
 *   nothing written), another store's first activation still gets in, and what the flood left is pruned;
 * - forged callbacks for a bound key with random secrets: refused before any job is queued, one event row;
 * - never-proven stores on several hosts (and many paths of one host) that accept and never answer: they run in
 *   their own capped class, one lane per host, and a proven store's Reauthorize completes meanwhile.
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CALLBACK_JOB, EXCHANGE_JOB, pruneUnproven, UNPROVEN_TTL_MS } from "@magento-integration/handshake";
import { UNPROVEN_LANE_PREFIX, UNPROVEN_RECORDING_PREFIX } from "@magento-integration/storage/jobs";
import { PROVIDERS } from "../helpers/databases";
import { randomToken, startHarness, type Harness } from "../helpers/handshake-harness";
import { listenLocal } from "../helpers/servers";

const form = (o: { key?: string; secret?: string; url: string }) =>
  new URLSearchParams({
    oauth_consumer_key: o.key ?? randomToken(),
    oauth_consumer_secret: o.secret ?? randomToken(),
    store_base_url: o.url,
    oauth_verifier: randomToken(),
  });

async function until(what: string, f: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A "store" that accepts connections and never answers (the attacker's slow host). */
async function silentHost(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => undefined);
  });
  const port = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe.each(PROVIDERS)("callback floods (%s)", (provider) => {
  let h: Harness | undefined;
  const hosts: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const s of hosts.splice(0)) await s.close();
    await h?.close();
    h = undefined;
  });

  it("random keys against a dead host: only the never-proven budget gets in, nothing else is written, another store still activates, and pruning removes the rest", async () => {
    h = await startHarness({
      provider,
      kit: {
        callbackAdmission: {
          unprovenBurst: 20,
          unprovenPerSecond: 0.001,
          reserveBurst: 2,
          reservePerSecond: 0.001,
          hostQuietMs: 60_000,
        },
      },
    });
    const dead = "http://127.0.0.1:9/"; // discard port: nothing listens
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 30 }, () => h!.kit.handshake.receiveCallback(form({ url: dead })).then((r) => r.status)),
        )),
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 503)).toHaveLength(100);
    // the flood's own host is not quiet: the reserve is not its to spend; a store on another host gets in
    const real = await h.createIntegration("Real store");
    const posted = await h.activate(real.id);
    expect(posted.callback?.status).toBe(200);
    // (not settle(): the flood's exchanges fail against the dead host, and its lane is paused for a while)
    await until(
      "the real store to become active",
      async () => (await h!.kit.storage.installations.byConsumerKey(real.consumer_key))?.state === "active",
    );
    // what the flood could leave: 20 callbacks recorded, 20 installations and their jobs, no more
    const floodJobs = await h.kit.jobs.queue.list({ kinds: [CALLBACK_JOB], limit: 1000 });
    expect(floodJobs.filter((j) => JSON.stringify(j.data).includes("127.0.0.1:9/"))).toHaveLength(20);
    await until(
      "the flood's callbacks to be recorded",
      async () => (await h!.db.installation.count({ where: { store: { baseUrl: dead } } })) === 20,
    );
    // once the store's window is over, pruning removes every row and job the flood left, and nothing of the real store
    // (the worker is stopped first: a job it runs while the prune runs is finished after it and is left for the
    // next prune, a minute later; this checks one prune over a quiet queue)
    await h.kit.jobs.stopWorker(10_000);
    h.clock.advance(UNPROVEN_TTL_MS + 60_000);
    const cutoff = new Date(h.clock.now().getTime() - UNPROVEN_TTL_MS);
    await pruneUnproven({ storage: h.storage, now: h.clock.now });
    await h.kit.jobs.queue.pruneUnproven(cutoff);
    expect(await h.db.installation.count({ where: { store: { baseUrl: dead } } })).toBe(0);
    expect(await h.db.store.count({ where: { baseUrl: dead } })).toBe(0);
    const left = await h.kit.jobs.queue.list({ limit: 1000 });
    expect(
      left.filter(
        (j) => JSON.stringify(j.data).includes("127.0.0.1:9/") || j.lane === `${UNPROVEN_LANE_PREFIX}127.0.0.1:9`,
      ),
    ).toEqual([]);
    // and the lane rows (fairness tags) of every host the flood named, with them
    const lanes = await h.db.jobLane.findMany({ select: { lane: true } });
    expect(lanes.filter((l) => l.lane.includes("127.0.0.1:9"))).toEqual([]);
    expect((await h.installation(real.consumer_key)).state).toBe("active");
  });

  it("forged callbacks for a bound key with random secrets are refused before anything is queued, folded into one event", async () => {
    h = await startHarness({ provider });
    const real = await h.createIntegration("Known key");
    await h.activate(real.id);
    await h.settle();
    const inst = await h.installation(real.consumer_key);
    const jobsBefore = (await h.kit.jobs.queue.list({ kinds: [CALLBACK_JOB], limit: 1000 })).length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        h!.kit.handshake
          .receiveCallback(form({ key: real.consumer_key, url: h!.store.storeBaseUrl }))
          .then((r) => r.status),
      ),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    expect((await h.kit.jobs.queue.list({ kinds: [CALLBACK_JOB], limit: 1000 })).length).toBe(jobsBefore);
    const rows = await h.db.installationEvent.findMany({
      where: { installationId: inst.id, kind: "callback_refused" },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(40);
    // the store's own Reauthorize is next in line, not behind the forgeries
    await h.reauthorize(real.id);
    await h.settle();
    expect((await h.installation(real.consumer_key)).credentialsSeq).toBe(2);
  });

  it("never-proven stores that never answer run in their own capped class, one lane per host, while a proven store's Reauthorize completes", async () => {
    h = await startHarness({ provider });
    const real = await h.createIntegration("Proven store");
    await h.activate(real.id);
    await h.settle();
    h.hold();
    const silent = await Promise.all(Array.from({ length: 5 }, () => silentHost()));
    hosts.push(...silent);
    // 5 hosts × 4 paths each: 20 never-proven activations
    for (const s of silent) {
      for (let p = 0; p < 4; p++) {
        const r = await h.kit.handshake.receiveCallback(form({ url: `${s.url}shop${p}/` }));
        expect(r.status).toBe(200);
      }
    }
    // recorded in the never-proven recording class and their exchanges in the exchange class, one lane per host, not per path
    const queued = await h.kit.jobs.queue.list({ kinds: [CALLBACK_JOB], states: ["created"], limit: 1000 });
    expect(queued).toHaveLength(20);
    expect(queued.every((j) => j.lane.startsWith(UNPROVEN_RECORDING_PREFIX))).toBe(true);
    expect(new Set(queued.map((j) => j.lane)).size).toBe(5);
    await h.reauthorize(real.id);
    const seen: number[] = [];
    h.release();
    const silentHosts = new Set(silent.map((s) => new URL(s.url).host));
    const floodExchanges = async () =>
      (await h!.kit.jobs.queue.list({ kinds: [EXCHANGE_JOB], limit: 1000 })).filter((j) =>
        silentHosts.has(j.lane.slice(UNPROVEN_LANE_PREFIX.length)),
      );
    await until("the flood's exchanges to be queued", async () => (await floodExchanges()).length === 20);
    expect(new Set((await floodExchanges()).map((j) => j.lane)).size).toBe(5);
    await until("the proven store's Reauthorize to complete", async () => {
      const active = await h!.kit.jobs.queue.list({ states: ["active"], limit: 100 });
      seen.push(active.filter((j) => j.lane.startsWith(UNPROVEN_LANE_PREFIX)).length);
      return (await h!.installation(real.consumer_key)).credentialsSeq === 2;
    });
    // the default class cap of a worker of 8 is 2: the other 6 slots stayed for the proven store
    expect(Math.max(...seen)).toBeLessThanOrEqual(2);
    const open = await h.kit.jobs.queue.list({ states: ["created", "retry", "active"], limit: 1000 });
    expect(open.some((j) => j.lane.startsWith(UNPROVEN_LANE_PREFIX))).toBe(true); // the flood was still going on
  });
});
