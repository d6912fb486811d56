/**
 * The job queue conformance suite: what every implementation of JobQueue (packages/storage/src/jobs/queue.ts) must do: scheduling,
 * retries with backoff, leases that expire after a crash, exactly-once completion, keys (serial and dedupe),
 * per-lane caps, pauses and fairness across lanes. Time is a fake clock.
 *
 * Any queue runs it from a test file of its own (README, "A new database backend"):
 *   describeJobQueueConformance("mysql", async () => ({ queue, dispose }));
 * `open` gives a fresh queue over an empty database for each test (not started: the suite starts and stops it),
 * with a random source that always returns 0.5 (the suite checks backoff times). job-queue-conformance.test.ts
 * runs it on PostgreSQL and SQLite.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  UNPROVEN_LANE_PREFIX,
  UNPROVEN_RECORDING_PREFIX,
  type JobQueue,
  type LeasedJob,
} from "@magento-integration/storage/jobs";

/** A fresh queue for one test, and how to throw its database away afterwards. */
export interface OpenedJobQueue {
  queue: JobQueue;
  dispose(): Promise<void>;
}

const KINDS = ["test.a", "test.b"];

/** Declares the suite ("job queue on <name>") against the queues `open` makes. */
export function describeJobQueueConformance(name: string, open: () => Promise<OpenedJobQueue>): void {
  describe(`job queue on ${name}`, () => conformance(open));
}

function conformance(open: () => Promise<OpenedJobQueue>): void {
  let db: OpenedJobQueue;
  let q: JobQueue;
  let t: number;
  const now = () => new Date(t);
  const fetch = (laneCap = 2, kinds = KINDS) => q.fetch({ kinds, laneCap, now: now() });
  const send = (data: unknown, o: Parameters<JobQueue["send"]>[2] = {}, kind = "test.a") =>
    q.send(kind, data, o, now());

  beforeEach(async () => {
    db = await open();
    q = db.queue;
    await q.start();
    t = Date.parse("2026-11-24T10:00:00.000Z");
  });
  afterEach(async () => {
    await q.stop();
    await db.dispose();
  });

  async function drain(laneCap = 100): Promise<LeasedJob[]> {
    const out: LeasedJob[] = [];
    for (let j = await fetch(laneCap); j; j = await fetch(laneCap)) out.push(j);
    return out;
  }

  it("runs a job once: fetch, complete, and a second completion is refused", async () => {
    const id = await send({ hello: "world" }, { lane: "L", ref: "inst-1" });
    expect(id).toBeTruthy();
    const job = await fetch();
    expect(job).toMatchObject({
      id,
      kind: "test.a",
      data: { hello: "world" },
      lane: "L",
      ref: "inst-1",
      retryCount: 0,
      state: "active",
    });
    expect(await fetch()).toBeNull();
    expect(await q.complete(job!, { rows: 3 }, now())).toBe(true);
    expect(await q.complete(job!, { rows: 4 }, now())).toBe(false);
    expect(await q.get(id!)).toMatchObject({ state: "completed", output: { rows: 3 } });
    expect(await q.hasOpen("test.a", "inst-1")).toBe(false);
  });

  it("fetches only the kinds asked for", async () => {
    await send(1, {}, "test.b");
    expect(await fetch(2, ["test.a"])).toBeNull();
    expect(await fetch(2, ["test.b"])).toMatchObject({ kind: "test.b" });
  });

  it("starts only the startable kinds, while running jobs of the others still count toward their lane's cap", async () => {
    await send("background", { lane: "L" }, "test.b");
    const background = await fetch(1);
    expect(background).toMatchObject({ kind: "test.b" });
    await send("other background", { lane: "M" }, "test.b");
    await send("foreground", { lane: "L" });
    await send("elsewhere", { lane: "N" });
    const held = { kinds: KINDS, startable: ["test.a"], laneCap: 1 };
    // lane L is full with the running background job; lane M's job is of a kind held back
    expect(await q.fetch({ ...held, now: now() })).toMatchObject({ data: "elsewhere" });
    expect(await q.fetch({ ...held, now: now() })).toBeNull();
    await q.complete(background!, null, now());
    expect(await q.fetch({ ...held, now: now() })).toMatchObject({ data: "foreground" });
    expect(await fetch(1)).toMatchObject({ data: "other background" });
  });

  it("starts a scheduled job at its time, not before", async () => {
    await send("later", { startAfter: new Date(t + 10_000) });
    expect(await fetch()).toBeNull();
    t += 9_999;
    expect(await fetch()).toBeNull();
    t += 1;
    expect(await fetch()).toMatchObject({ data: "later" });
  });

  it("retries a failed job with growing delays, then fails it for good", async () => {
    const id = await send("flaky", { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true });
    let job = await fetch();
    expect(await q.fail(job!, { message: "boom 1" }, now())).toBe("retry");
    // first retry after 10 × 2^1 / 2 × 1.5 = 15 s (random 0.5)
    t += 14_000;
    expect(await fetch()).toBeNull();
    t += 1_000;
    job = await fetch();
    expect(job).toMatchObject({ id, retryCount: 1 });
    expect(await q.fail(job!, { message: "boom 2" }, now())).toBe("retry");
    t += 29_000; // second: 10 × 2^2 / 2 × 1.5 = 30 s
    expect(await fetch()).toBeNull();
    t += 1_000;
    job = await fetch();
    expect(job).toMatchObject({ id, retryCount: 2 });
    expect(await q.fail(job!, { message: "boom 3" }, now())).toBe("failed");
    t += 3_600_000;
    expect(await fetch()).toBeNull();
    expect(await q.get(id!)).toMatchObject({ state: "failed", output: { message: "boom 3" } });
  });

  it("fails at once when the failure is final, and retries at a given time", async () => {
    const a = await send("a", { retryLimit: 5 });
    expect(await q.fail((await fetch())!, { message: "bad input", final: true }, now())).toBe("failed");
    expect(await q.get(a!)).toMatchObject({ state: "failed" });
    await send("b", { retryLimit: 5 });
    expect(await q.fail((await fetch())!, { message: "busy", retryAt: new Date(t + 42_000) }, now())).toBe("retry");
    t += 41_999;
    expect(await fetch()).toBeNull();
    t += 1;
    expect(await fetch()).toMatchObject({ data: "b", retryCount: 1 });
  });

  it("gives an abandoned job to another worker when its lease runs out; the old lease can no longer finish it", async () => {
    const id = await send("work", { leaseSeconds: 30, retryLimit: 3 });
    const first = await fetch();
    t += 29_000;
    expect(await fetch()).toBeNull(); // still leased
    t += 1_000;
    const second = await fetch(); // the first worker died (kill -9): its lease ran out
    expect(second).toMatchObject({ id, retryCount: 1 });
    expect(await q.complete(first!, "late", now())).toBe(false);
    expect(await q.fail(first!, { message: "late" }, now())).toBe("lost");
    expect(await q.complete(second!, "done", now())).toBe(true);
    expect(await q.get(id!)).toMatchObject({ state: "completed", output: "done" });
  });

  it("hands a job back once its worker stops beating (15 s hold), and never holds one past its own lease", async () => {
    const id = await send("work", { leaseSeconds: 60, retryLimit: 3 });
    const held = await q.fetch({ kinds: KINDS, laneCap: 2, now: now(), holdSeconds: 15 });
    expect(held).toMatchObject({ id, leaseSeconds: 60 });
    t += 10_000;
    await q.heartbeat([held!], new Date(t + 15_000)); // alive at 10 s: held until 25 s
    t += 14_000;
    expect(await fetch()).toBeNull();
    t += 1_000; // no beat since: the worker died; its job comes back at 25 s, not at the lease's 60 s
    const again = await q.fetch({ kinds: KINDS, laneCap: 2, now: now(), holdSeconds: 15 });
    expect(again).toMatchObject({ id, retryCount: 1 });
    await q.heartbeat([held!], new Date(t + 15_000)); // the dead worker's late beat renews nothing of the new lease
    expect(await q.complete(held!, "late", now())).toBe(false);
    // a worker that keeps beating keeps the job, up to its lease
    for (let beat = 0; beat < 5; beat++) {
      t += 10_000;
      expect(await fetch()).toBeNull();
      await q.heartbeat([again!], new Date(t + 15_000));
    }
    t += 10_000; // 60 s since it started: the lease is over whatever the beats said
    expect(await fetch()).toMatchObject({ id, retryCount: 2 });
  });

  it("knows when a worker last beat, and forgets a worker that stopped", async () => {
    expect(await q.workers.lastBeat()).toBeNull();
    const worker = { id: "host:1:abcd", host: "host", pid: 1, startedAt: now() };
    await q.workers.beat(worker, now());
    t += 5_000;
    await q.workers.beat(worker, now());
    expect((await q.workers.lastBeat())?.getTime()).toBe(t);
    await q.workers.gone(worker.id);
    expect(await q.workers.lastBeat()).toBeNull();
  });

  it("fails an abandoned job when no attempt is left", async () => {
    const id = await send("work", { leaseSeconds: 10, retryLimit: 0 });
    await fetch();
    t += 10_000;
    expect(await fetch()).toBeNull();
    expect(await q.get(id!)).toMatchObject({ state: "failed" });
  });

  it("hands every job to exactly one of many concurrent workers", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 40; i++) ids.add((await send(i, { lane: `L${i % 4}` }))!);
    const seen: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let j = await fetch(100); j; j = await fetch(100)) {
          seen.push(j.id);
          expect(await q.complete(j, null, now())).toBe(true);
        }
      }),
    );
    expect(seen.length).toBe(40);
    expect(new Set(seen)).toEqual(ids);
  });

  it("dedupes a send while a job with the same key is queued, not once it runs", async () => {
    const first = await send("p1", { key: "probe:1", dedupe: true });
    expect(first).toBeTruthy();
    expect(await send("p2", { key: "probe:1", dedupe: true })).toBeNull();
    const running = await fetch();
    expect(running?.id).toBe(first);
    const next = await send("p3", { key: "probe:1", dedupe: true });
    expect(next).toBeTruthy();
    expect(await fetch()).toBeNull(); // same key: waits for the running one
    await q.complete(running!, null, now());
    expect((await fetch())?.id).toBe(next);
  });

  it("takes a key as data: quotes, backslashes and SQL in a key dedupe like any other key", async () => {
    // the key names the send's lock too (on PostgreSQL written into the statement that takes it, escaped)
    const key = `probe:'); SELECT pg_sleep(5); --\\ 'x' \\'`;
    expect(await send("k1", { key, dedupe: true })).toBeTruthy();
    expect(await send("k2", { key, dedupe: true })).toBeNull();
    expect(await send("k3", { key: `${key}2`, dedupe: true })).toBeTruthy();
    expect((await drain()).map((j) => j.data).sort()).toEqual(["k1", "k3"]);
  });

  it("says which keys have a queued job, as dedupe sees them: waiting or to retry, not running or finished", async () => {
    expect(await q.queuedKeys([])).toEqual(new Set());
    const runs = await send("r", { key: "sync:1:products" });
    const waits = await send("w", { key: "sync:1:orders" });
    await send("none", {});
    const running = await fetch();
    expect(running?.id).toBe(runs);
    const many = Array.from({ length: 1200 }, (_, i) => `sync:other:${i}`); // more than one statement's worth
    expect(await q.queuedKeys(["sync:1:orders", "sync:1:products", "sync:1:customers", ...many])).toEqual(
      new Set(["sync:1:orders"]),
    );
    await q.complete(running!, null, now());
    const waiting = await fetch();
    expect(waiting?.id).toBe(waits);
    expect(await q.fail(waiting!, { message: "store down" }, now())).toBe("retry");
    expect(await q.queuedKeys(["sync:1:orders", "sync:1:products"])).toEqual(new Set(["sync:1:orders"]));
  });

  it("runs jobs of one key one at a time in the order sent, even when the first waits for a retry", async () => {
    const a = await send("A", { key: "key:k1", retryDelaySeconds: 60, retryBackoff: false });
    const b = await send("B", { key: "key:k1" });
    const other = await send("C", { key: "key:k2" });
    const ja = await fetch(100);
    expect(ja?.id).toBe(a);
    expect((await fetch(100))?.id).toBe(other);
    expect(await fetch(100)).toBeNull(); // B waits for A
    await q.fail(ja!, { message: "retry me" }, now());
    expect(await fetch(100)).toBeNull(); // A is queued again (in 60 s): B still waits behind it
    t += 60_000;
    expect((await fetch(100))?.id).toBe(a);
    expect(b).toBeTruthy();
  });

  it("caps the jobs of one lane running at once, without holding back other lanes", async () => {
    for (let i = 0; i < 5; i++) await send(`x${i}`, { lane: "store-x" });
    await send("y0", { lane: "store-y" });
    const a = await fetch(2);
    const b = await fetch(2);
    expect([a?.lane, b?.lane].sort()).toEqual(
      ["store-x", "store-y"].sort().length === 2 ? [a?.lane, b?.lane].sort() : [],
    );
    const started = [a, b];
    for (let j = await fetch(2); j; j = await fetch(2)) started.push(j);
    const running = started.filter((j) => j?.lane === "store-x");
    expect(running).toHaveLength(2);
    expect(started.filter((j) => j?.lane === "store-y")).toHaveLength(1);
    await q.complete(running[0]!, null, now());
    expect(await fetch(2)).toMatchObject({ lane: "store-x" });
    expect(await fetch(2)).toBeNull();
  });

  it("takes turns across lanes: a lane's backlog never delays another lane's first job", async () => {
    for (let i = 0; i < 200; i++) await send(`big${i}`, { lane: "big" });
    const firstBig = [];
    for (let i = 0; i < 5; i++) firstBig.push(await fetch(100));
    expect(firstBig.every((j) => j?.lane === "big")).toBe(true);
    await send("small", { lane: "small" });
    const next = [await fetch(100), await fetch(100)];
    expect(next.map((j) => j?.lane)).toContain("small");
  });

  it("alternates between lanes with work", async () => {
    for (let i = 0; i < 4; i++) await send(`a${i}`, { lane: "A" });
    for (let i = 0; i < 4; i++) await send(`b${i}`, { lane: "B" });
    const order = (await drain()).map((j) => j.lane).join("");
    expect(order).toBe("ABABABAB");
  });

  it("sends a group at once: every job stored with its id, lanes still taking turns", async () => {
    await send("a0", { lane: "A" });
    const ids = await q.sendMany(
      [
        { kind: "test.a", data: "a1", options: { lane: "A", ref: "r" } },
        { kind: "test.a", data: "a2", options: { lane: "A" } },
        { kind: "test.b", data: "b0", options: { lane: "B", key: "k" } },
        { kind: "test.a", data: "b1", options: { lane: "B" } },
      ],
      now(),
    );
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(await q.get(ids[0]!)).toMatchObject({ kind: "test.a", data: "a1", lane: "A", ref: "r", state: "created" });
    expect(await q.get(ids[2]!)).toMatchObject({ kind: "test.b", key: "k" });
    // a1 and b1 share a turn (same tag): either may go first
    const order = (await drain()).map((j) => j.data);
    expect(order.slice(0, 2)).toEqual(["a0", "b0"]);
    expect(order.slice(2, 4).sort()).toEqual(["a1", "b1"]);
    expect(order[4]).toBe("a2");
  });

  it("stores a group larger than one statement whole, and starts its jobs in the order sent", async () => {
    const jobs = Array.from({ length: 260 }, (_, i) => ({
      kind: "test.a",
      data: i,
      options: { lane: "A", ref: "big" },
    }));
    const ids = await q.sendMany(jobs, now());
    expect(new Set(ids).size).toBe(260);
    const stored = await q.list({ refs: ["big"], limit: 500 });
    expect(stored.map((j) => j.data).sort((x, y) => Number(x) - Number(y))).toEqual(jobs.map((j) => j.data));
    expect((await drain(5)).map((j) => j.data)).toEqual([0, 1, 2, 3, 4]);
  });

  it("never-proven classes: capped as a class, and one host's backlog never takes a class's last slot", async () => {
    // one store's 20 activations: recording each callback sends its exchange (the handshake's two classes)
    const fetchCapped = () => q.fetch({ kinds: KINDS, laneCap: 2, unprovenCap: 2, now: now() });
    const busy = { recording: `${UNPROVEN_RECORDING_PREFIX}busy.test`, exchange: `${UNPROVEN_LANE_PREFIX}busy.test` };
    for (let i = 0; i < 20; i++) await send(`record ${i}`, { lane: busy.recording, key: `busy-${i}` });
    const running: LeasedJob[] = [];
    for (let job = await fetchCapped(); job; job = await fetchCapped()) {
      if (job.lane === busy.recording) {
        // recordings run in turn while the exchanges they send wait for the class: the clock moves ahead of them
        await q.complete(job, null, now());
        await send(`exchange ${String(job.data).split(" ")[1]}`, { lane: busy.exchange, key: `busy-x${job.id}` });
      } else running.push(job);
    }
    expect(running.map((j) => j.lane)).toEqual([busy.exchange]); // one slot of the class left free
    // another store's first activation: recorded and exchanged at once, not behind the busy store's 19 queued exchanges
    await send("record other", { lane: `${UNPROVEN_RECORDING_PREFIX}other.test`, key: "other" });
    const recording = await fetchCapped();
    expect(recording).toMatchObject({ data: "record other" });
    await q.complete(recording!, null, now());
    await send("exchange other", { lane: `${UNPROVEN_LANE_PREFIX}other.test`, key: "other-x" });
    expect(await fetchCapped()).toMatchObject({ data: "exchange other" });
    // the class is full (2): nothing more of it starts, whoever queued it; other lanes do
    await send("app-wide", { lane: "" });
    expect(await fetchCapped()).toMatchObject({ data: "app-wide" });
    expect(await fetchCapped()).toBeNull();
    await q.complete(running[0]!, null, now());
    expect(await fetchCapped()).toMatchObject({ lane: busy.exchange });
  });

  it("starts an urgent job ahead of its lane's backlog, within the lane's cap and pause, urgent ones in order", async () => {
    for (let i = 0; i < 50; i++) await send(`slice${i}`, { lane: "store-u" });
    const running = [await fetch(2), await fetch(2)];
    expect(running.map((j) => j?.data)).toEqual(["slice0", "slice1"]);
    const u1 = await send("exchange1", { lane: "store-u", key: "handshake:u", urgent: true });
    const u2 = await send("exchange2", { lane: "store-u", key: "handshake:u", urgent: true });
    expect(await fetch(2)).toBeNull(); // the lane's cap holds for urgent work too
    await q.complete(running[0]!, null, now());
    const first = await fetch(2);
    expect(first?.id).toBe(u1); // ahead of 48 queued slices
    await q.complete(first!, null, now());
    await q.complete(running[1]!, null, now());
    // requeued (a store's 429 made it wait), it keeps its place ahead of the backlog
    const second = await fetch(2);
    expect(second?.id).toBe(u2);
    expect(await q.requeue(second!, now())).toBe(true);
    expect((await fetch(2))?.id).toBe(u2);
    // a paused lane starts nothing, urgent or not
    await send("exchange3", { lane: "store-u", urgent: true });
    await q.lanes.pause("store-u", new Date(t + 10_000), "Retry-After: 10");
    expect(await fetch(100)).toBeNull();
    t += 10_000;
    expect(await fetch(100)).toMatchObject({ data: "exchange3" });
  });

  it("starts nothing in a paused lane until the pause ends", async () => {
    await send("x", { lane: "slow" });
    await send("y", { lane: "fast" });
    await q.lanes.pause("slow", new Date(t + 30_000), "Retry-After: 30");
    expect(await q.lanes.get("slow")).toMatchObject({ reason: "Retry-After: 30" });
    expect((await drain()).map((j) => j.data)).toEqual(["y"]);
    t += 30_000;
    expect(await fetch()).toMatchObject({ data: "x" });
    expect(await q.lanes.addFailure("slow")).toBe(1);
    expect(await q.lanes.addFailure("slow")).toBe(2);
    await q.lanes.clearFailures("slow");
    expect(await q.lanes.get("slow")).toMatchObject({ failStreak: 0, pausedUntil: null });
  });

  it("requeues a job (a long job in slices) taking turns with other lanes, without counting an attempt", async () => {
    await send("long", { lane: "A" });
    const long = await fetch(100);
    for (let i = 1; i <= 3; i++) await send(`b${i}`, { lane: "B" });
    expect(await q.requeue(long!, now())).toBe(true);
    expect(await q.complete(long!, null, now())).toBe(false); // the lease was given back
    const order = await drain();
    expect(
      order
        .slice(0, 2)
        .map((j) => j.data)
        .sort(),
    ).toEqual(["b1", "long"]);
    expect(order.find((j) => j.data === "long")).toMatchObject({ retryCount: 0 });
  });

  it("runs a failed job again on request, lists jobs by ref, and cancels queued ones", async () => {
    const id = await send("once", { retryLimit: 0, ref: "inst-9" });
    await send("other", { ref: "inst-8" }, "test.b");
    const cancelMe = await send("cancel me", { ref: "inst-9", startAfter: new Date(t + 60_000) });
    const j = await fetch(100, ["test.a"]);
    expect(j?.id).toBe(id);
    expect(await q.fail(j!, { message: "store down" }, now())).toBe("failed");
    expect(await q.retry(id!, now())).toBe(true);
    expect(await q.retry(id!, now())).toBe(false); // already queued again
    const again = await fetch(100, ["test.a"]);
    expect(again).toMatchObject({ id, retryCount: 1 });
    expect(await q.cancel(cancelMe!, now())).toBe(true);
    const listed = await q.list({ refs: ["inst-9"], limit: 10 });
    expect(listed.map((x) => x.id).sort()).toEqual([id, cancelMe].sort());
    expect(listed.find((x) => x.id === cancelMe)?.state).toBe("cancelled");
    expect(await q.hasOpen("test.a", "inst-9")).toBe(true);
    expect(await q.hasOpen("test.a", "inst-7")).toBe(false);
  });
}
