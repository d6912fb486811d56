/**
 * The job engine running the kit's work, against the dev store, on both databases: a crashed exchange resumes
 * or fails as interrupted (never a second request-token call), nothing stays pending past the store's window
 * with nobody polling, health probes notice a revocation by themselves, the rate governor pauses a busy store,
 * and an export runs as a job. A "crash" here is a worker whose token call never returns: its lease runs out
 * (the app clock is moved forward) and the job runs again, as after a kill -9.
 */
import {
  consumerKeyRef,
  completeIdentityFor,
  EXCHANGE_DEADLINE_MS,
  EXCHANGE_JOB,
  HEALTH_SWEEP_JOB,
} from "@magento-integration/handshake";
import { afterEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { fetchAccessToken, fetchRequestToken } from "@magento-integration/client";
import { storeLane } from "@/lib/jobs/kinds";
import { listenLocal, closeServer } from "../helpers/servers";

const never = () => new Promise<never>(() => undefined);

async function until<T>(what: string, f: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f().catch(() => null); // not there yet (e.g. the callback job has not recorded it)
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(PROVIDERS)("job engine on %s", (provider) => {
  let h: Harness;
  // a test whose worker "died" leaves its job awaiting a call that never returns: no grace to wait for it at close
  let hung = false;
  afterEach(async () => {
    await h?.close(hung ? 0 : undefined);
    hung = false;
  });

  /** A harness whose token calls go through `steps` (a step may hang: that worker "died" there). */
  async function withHandshake(steps: {
    request?: () => "hang-before" | "hang-after" | "ok";
    access?: () => "hang-before" | "hang-after" | "ok";
  }) {
    const calls = { request: 0, access: 0 };
    h = await startHarness({
      provider,
      kit: {
        handshake: {
          async fetchRequestToken(o) {
            const step = steps.request?.() ?? "ok";
            if (step !== "ok") hung = true;
            if (step === "hang-before") return never();
            calls.request++;
            const r = await fetchRequestToken(o);
            return step === "hang-after" ? never() : r;
          },
          async fetchAccessToken(o) {
            const step = steps.access?.() ?? "ok";
            if (step !== "ok") hung = true;
            if (step === "hang-before") return never();
            calls.access++;
            const r = await fetchAccessToken(o);
            return step === "hang-after" ? never() : r;
          },
        },
      },
    });
    return calls;
  }

  async function exchangeJobOf(consumerKey: string) {
    const inst = await h.installation(consumerKey);
    const [job] = await h.kit.jobs.queue.list({ refs: [inst.id], kinds: [EXCHANGE_JOB], limit: 5 });
    return job;
  }

  it("a worker that died before sending anything: the job runs again after its lease and the store becomes active", async () => {
    const calls = await withHandshake({});
    const integ = await h.createIntegration("Resume");
    h.hold();
    await h.activate(integ.id);
    // record the callback (its job alone), then let a "worker" lease the exchange job and die with it
    h.kit.jobs.startWorker({
      concurrency: 1,
      laneCap: 2,
      pollMs: 20,
      healthProbeEveryMs: 3_600_000,
      recurring: false,
      kinds: ["handshake.callback"],
    });
    await until("the exchange job", async () => exchangeJobOf(integ.consumer_key));
    await h.kit.jobs.stopWorker();
    const dead = await h.kit.jobs.queue.fetch({ kinds: [EXCHANGE_JOB], laneCap: 2, now: h.clock.now() });
    expect(dead).not.toBeNull();
    // it had claimed the activation (exchanging) when it died: nothing was sent yet
    await h.db.activation.updateMany({
      where: { installation: { consumerKey: integ.consumer_key } },
      data: { state: "exchanging", exchangeStartedAt: h.clock.now() },
    });
    h.release();
    h.clock.advance(30_000);
    expect((await h.installation(integ.consumer_key)).state).not.toBe("active"); // still leased
    h.clock.advance(31_000); // the lease (60 s) runs out: the worker is presumed dead
    await until("active", async () => (await h.installation(integ.consumer_key)).state === "active");
    expect(calls.request).toBe(1);
    const job = await until("the job completed", async () => {
      const j = await exchangeJobOf(integ.consumer_key);
      return j?.state === "completed" ? j : null;
    });
    expect(job.retryCount).toBe(1);
    const kinds = (
      await h.db.installationEvent.findMany({
        where: { installation: { consumerKey: integ.consumer_key } },
        orderBy: { id: "asc" },
      })
    ).map((e) => e.kind);
    expect(kinds).toContain("exchange_resumed");
  });

  it("a worker that died after the store issued the request token resumes with the access-token step: one request-token call", async () => {
    let first = true;
    const calls = await withHandshake({ access: () => (first ? ((first = false), "hang-before") : "ok") });
    const integ = await h.createIntegration("Resume access");
    await h.activate(integ.id);
    await until(
      "the request token",
      async () =>
        (await h.db.activation.findFirst({ where: { installation: { consumerKey: integ.consumer_key } } }))
          ?.requestTokenEnc,
    );
    h.clock.advance(61_000);
    await until("active", async () => (await h.installation(integ.consumer_key)).state === "active");
    expect(calls).toEqual({ request: 1, access: 1 });
    const a = await h.db.activation.findFirstOrThrow({ where: { installation: { consumerKey: integ.consumer_key } } });
    expect(a).toMatchObject({ state: "succeeded", requestTokenEnc: null, requestTokenSecretEnc: null }); // spent: not kept
    const client = await h.clientFor(integ.consumer_key);
    expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
  });

  it("a worker that died while the store answered the access-token call: the resumed call is refused (the token was spent), failed(interrupted)", async () => {
    let first = true;
    const calls = await withHandshake({ access: () => (first ? ((first = false), "hang-after") : "ok") });
    const integ = await h.createIntegration("Cut access");
    await h.activate(integ.id);
    await until("the access-token call", async () => calls.access === 1);
    h.clock.advance(61_000);
    const inst = await until("failed", async () => {
      const i = await h.installation(integ.consumer_key);
      return i.state === "failed" ? i : null;
    });
    expect(calls).toEqual({ request: 1, access: 2 });
    expect(inst.failureReason).toBe("interrupted"); // not the store's "token not found": the crash is the cause
    const a = await h.db.activation.findFirstOrThrow({ where: { installation: { consumerKey: integ.consumer_key } } });
    expect(a).toMatchObject({ state: "failed", failureReason: "interrupted" });
  });

  it("a worker that died while the store answered the request-token call: failed(interrupted) at once, never asked twice", async () => {
    const calls = await withHandshake({ request: () => "hang-after" });
    const integ = await h.createIntegration("Cut");
    await h.activate(integ.id);
    await until("the request-token call", async () => calls.request === 1);
    h.clock.advance(61_000);
    const inst = await until("interrupted", async () => {
      const i = await h.installation(integ.consumer_key);
      return i.state === "failed" ? i : null;
    });
    expect(inst.failureReason).toBe("interrupted");
    expect(calls.request).toBe(1);
  });

  it("nothing stays pending past the store's window with nobody polling: the maintenance job fails it as interrupted", async () => {
    // no sync: the Reauthorize below deletes the store's access token (as Magento does) and its exchange never runs,
    // so a sync pass of the store meanwhile would rightly find the installation's token gone
    h = await startHarness({ provider, recurring: true, kit: { syncEntities: [] } });
    const integ = await h.createIntegration("Stuck");
    h.hold(); // no worker: the callback waits in the queue…
    const act = await h.activate(integ.id);
    // …its job is lost for good (a bug, a dropped queue): the activation exists but nothing will exchange it
    await h.db.installation.findMany();
    h.release();
    await h.settle();
    const inst = await h.installation(integ.consumer_key);
    expect(inst.state).toBe("active");
    // a Reauthorize whose exchange never runs: recorded, then its runner is gone
    h.hold();
    await h.reauthorize(integ.id);
    await until(
      "the callback job",
      async () =>
        (await h.kit.jobs.queue.list({ refs: [consumerKeyRef(integ.consumer_key)], states: ["created"], limit: 1 }))
          .length > 0,
    );
    const [queued] = await h.kit.jobs.queue.list({
      refs: [consumerKeyRef(integ.consumer_key)],
      states: ["created"],
      limit: 1,
    });
    await h.kit.jobs.queue.cancel(queued!.id, h.clock.now());
    await h.db.activation.create({
      data: {
        installationId: inst.id,
        seq: 2,
        state: "exchanging",
        fingerprint: "lost",
        storeBaseUrl: inst.store.baseUrl,
        consumerSecretEnc: inst.consumerSecretEnc,
        verifierEnc: inst.consumerSecretEnc,
        callbackAt: new Date(h.clock.now().getTime() - EXCHANGE_DEADLINE_MS - 1_000),
        exchangeStartedAt: new Date(h.clock.now().getTime() - EXCHANGE_DEADLINE_MS),
      },
    });
    await h.db.installation.update({ where: { id: inst.id }, data: { activationCount: 2 } });
    h.release();
    const stuck = await until(
      "interrupted",
      async () => h.db.activation.findFirst({ where: { installationId: inst.id, seq: 2, state: "failed" } }),
      20_000,
    );
    expect(stuck.failureReason).toBe("interrupted");
    // the working credentials of the active installation stayed
    expect((await h.installation(integ.consumer_key)).state).toBe("active");
    // the popup says so at once
    const user = await h.db.user.create({ data: { email: "after-crash@example.com", passwordHash: "x" } });
    const query = Object.fromEntries(new URL(act.identity_url!).searchParams) as {
      oauth_consumer_key: string;
      success_call_back: string;
    };
    expect(
      await completeIdentityFor(h.deps, query, user.id, {
        consent: { activationId: stuck.id, at: Date.now() },
        fromAdminPopup: true,
      }),
    ).toMatchObject({
      kind: "failed",
      reason: "interrupted",
    });
  });

  it("health probes notice a revocation by themselves, within one interval", async () => {
    h = await startHarness({ provider });
    const integ = await h.createIntegration("Watched");
    await h.activate(integ.id);
    await h.settle();
    expect((await h.installation(integ.consumer_key)).state).toBe("active");
    h.drop = true; // the app never sees the callback…
    await h.admin("POST", `/admin/api/integrations/${integ.id}/reauthorize`); // …of a Reauthorize that deleted the access token
    await h.kit.jobs.send(HEALTH_SWEEP_JOB, {}, {}); // what the recurring sweep does every interval
    const inst = await until("needs reauthorization", async () => {
      const i = await h.installation(integ.consumer_key);
      return i.state === "needs_reauthorization" ? i : null;
    });
    expect(inst.failureReason).toBe("token_missing");
  });

  it("a store that answers a token call 503 (busy): the call is retried after the pause, signed again, and the store becomes active", async () => {
    const busy: Server = createServer((_req, res) =>
      res.writeHead(503, { "Content-Type": "text/plain" }).end("Service Unavailable"),
    );
    const busyUrl = `http://127.0.0.1:${await listenLocal(busy)}/`;
    let turnedAway = 0;
    try {
      h = await startHarness({
        provider,
        kit: {
          handshake: {
            fetchRequestToken: (o) =>
              turnedAway < 1
                ? (turnedAway++, fetchRequestToken({ ...o, storeBaseUrl: busyUrl }))
                : fetchRequestToken(o),
            fetchAccessToken,
          },
        },
      });
      const integ = await h.createIntegration("Busy exchange");
      await h.activate(integ.id);
      // before: the retried job found its activation still "exchanging", skipped it, and it stayed there
      await until("active", async () => (await h.installation(integ.consumer_key)).state === "active", 30_000);
      const events = await h.db.installationEvent.findMany({
        where: { installation: { consumerKey: integ.consumer_key } },
        orderBy: { id: "asc" },
      });
      expect(events.filter((e) => e.kind === "store_busy").map((e) => e.message)).toEqual([
        expect.stringMatching(/busy \(HTTP 503\); the request-token call is retried/),
      ]);
    } finally {
      await closeServer(busy);
    }
  });

  it("the rate governor pauses a store that answers 429 and retries after its Retry-After, signed again", async () => {
    h = await startHarness({ provider });
    const integ = await h.createIntegration("Busy");
    await h.activate(integ.id);
    await h.settle();
    const inst = await h.installation(integ.consumer_key);
    // put a proxy in front of the store that answers 429 twice, then passes through
    let busy = 2;
    const authorizations: string[] = [];
    const upstream = new URL(h.store.storeBaseUrl);
    const proxy: Server = createServer(async (req, res) => {
      authorizations.push(String(req.headers.authorization ?? ""));
      if (busy > 0) {
        busy--;
        res
          .writeHead(429, { "Retry-After": "1", "Content-Type": "application/json" })
          .end('{"message":"Too many requests"}');
        return;
      }
      const r = await fetch(`${upstream.origin}${req.url}`, {
        headers: { authorization: String(req.headers.authorization ?? ""), host: String(req.headers.host) },
      });
      res.writeHead(r.status, { "Content-Type": "application/json" }).end(await r.text());
    });
    const proxyPort = await listenLocal(proxy);
    try {
      const base = `http://127.0.0.1:${proxyPort}/`;
      expect(base).not.toBe(h.store.storeBaseUrl);
      // the probe job asks the proxy; the 429 pauses the lane of the installation's store
      await h.db.store.update({ where: { id: inst.store.id }, data: { baseUrl: base } });
      await h.kit.jobs.send(
        "installation.probe",
        { installationId: inst.id, reason: "schedule" },
        { lane: storeLane(base), ref: inst.id, retryDelaySeconds: 1 },
      );
      const lane = await until("a paused lane", async () => {
        const l = await h.kit.jobs.queue.lanes.get(storeLane(base));
        return l?.pausedUntil ? l : null;
      });
      expect(lane.reason).toMatch(/429/);
      await until("two attempts", async () => authorizations.length >= 3, 20_000);
      const nonces = authorizations.map((a) => /oauth_nonce="([^"]+)"/.exec(a)?.[1]);
      expect(new Set(nonces).size).toBe(nonces.length); // every retry signed afresh
    } finally {
      await closeServer(proxy);
    }
  });

  it("an export runs as a job: every product once, as NDJSON pages, with progress", async () => {
    h = await startHarness({ provider });
    const integ = await h.createIntegration("Export");
    await h.activate(integ.id);
    await h.settle();
    const inst = await h.installation(integ.consumer_key);
    const started = await h.kit.exports.start(inst.id, null, { entity: "products", fields: "sku,name", pageSize: 300 });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const done = await until(
      "the export",
      async () => {
        const x = await h.kit.exports.get(started.exportId, inst.id, null);
        return x?.state === "done" ? x : null;
      },
      60_000,
    );
    let text = "";
    for await (const p of h.kit.exports.pages(started.exportId)) text += p.body;
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { sku: string });
    expect(done.total).toBeGreaterThan(1000);
    expect(lines).toHaveLength(done.total!);
    expect(new Set(lines.map((l) => l.sku)).size).toBe(lines.length);
    expect(done.percent).toBe(100);
    // bad input is refused before anything runs
    expect(await h.kit.exports.start(inst.id, null, { entity: "invoices" })).toMatchObject({
      ok: false,
      field: "entity",
    });
    expect(await h.kit.exports.start(inst.id, null, { entity: "orders", filters: ["status:between:1"] })).toMatchObject(
      { ok: false, field: "filters" },
    );
  });
});
