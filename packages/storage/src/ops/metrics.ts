/**
 * The app's Prometheus metrics (prom-client), served at /api/ops/metrics (Bearer OPS_TOKEN; docs/operations.md
 * lists each metric and the alerts worth setting on them). One registry per process, on globalThis: Next bundles
 * routes and instrumentation separately, and each bundle has its own copy of this module. Labels are bounded: job
 * kinds, outcomes, status classes; a store's host only with METRICS_PER_STORE=on (one series per store).
 * No label or value ever carries a secret: outcomes and kinds are the kit's own words, hosts are public.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface KitMetrics {
  registry: Registry;
  callbacks: Counter<"outcome">;
  exchanges: Counter<"outcome">;
  exchangeSeconds: Histogram<"outcome">;
  jobsStarted: Counter<"kind">;
  jobsFinished: Counter<"kind" | "result">;
  jobsRunning: Gauge<"kind">;
  queueLagSeconds: Histogram<"kind">;
  storeCalls: Counter<"status_class" | "store">;
  storeCallSeconds: Histogram<"status_class" | "store">;
  lanePauses: Counter<"why">;
  /** Gauges read from the database when scraped (jobs queued, lanes paused): set by the process that serves them. */
  scrapeSources: { current: ScrapeSources | null };
}

/** What the scrape reads from the database: every worker's queue, not only this process's. */
export interface ScrapeSources {
  /** Jobs queued, retrying and running, per kind and state. */
  openJobs(): Promise<Array<{ kind: string; state: string; count: number }>>;
  /** Store lanes paused now (a store asked to slow down, or its circuit is open after repeated 5xx). */
  pausedLanes(): Promise<{ paused: number; open: number }>;
  /** Per synced entity, the worst lag among stores whose sync is not paused (packages/sync/src/sync/lag.ts). */
  syncLag(): Promise<Array<{ entity: string; seconds: number }>>;
  /** Sync changes not yet delivered to the handlers: waiting (pending) and given up after retries (parked). */
  syncChanges(): Promise<{ pending: number; parked: number }>;
}

const holder = globalThis as unknown as { __kitMetrics?: KitMetrics };

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function create(): KitMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "kit_" }); // kit_process_*, kit_nodejs_*
  const scrapeSources: KitMetrics["scrapeSources"] = { current: null };
  const m: KitMetrics = {
    registry,
    scrapeSources,
    callbacks: new Counter({
      name: "kit_callbacks_total",
      help: "Activation callbacks answered, by outcome (accepted, invalid, rate_limited, busy, database_unreachable).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    exchanges: new Counter({
      name: "kit_exchanges_total",
      help: "Token exchanges finished, by outcome.",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    exchangeSeconds: new Histogram({
      name: "kit_exchange_duration_seconds",
      help: "How long a token exchange job ran, by outcome.",
      labelNames: ["outcome"],
      buckets: SECONDS,
      registers: [registry],
    }),
    jobsStarted: new Counter({
      name: "kit_jobs_started_total",
      help: "Jobs started by this process's worker, by kind.",
      labelNames: ["kind"],
      registers: [registry],
    }),
    jobsFinished: new Counter({
      name: "kit_jobs_finished_total",
      help: "Job attempts ended in this process, by kind and result (completed, again, waiting, retry, failed, lost).",
      labelNames: ["kind", "result"],
      registers: [registry],
    }),
    jobsRunning: new Gauge({
      name: "kit_jobs_running",
      help: "Jobs running in this process, by kind.",
      labelNames: ["kind"],
      registers: [registry],
    }),
    queueLagSeconds: new Histogram({
      name: "kit_job_queue_lag_seconds",
      help: "From when a job could start to when a worker started it, by kind.",
      labelNames: ["kind"],
      buckets: [...SECONDS, 60, 300],
      registers: [registry],
    }),
    storeCalls: new Counter({
      name: "kit_store_calls_total",
      help: "HTTP calls to stores (and developer portals), by status class (2xx … 5xx, network).",
      labelNames: ["status_class", "store"],
      registers: [registry],
    }),
    storeCallSeconds: new Histogram({
      name: "kit_store_call_duration_seconds",
      help: "Time to a store's response headers, by status class.",
      labelNames: ["status_class", "store"],
      buckets: SECONDS,
      registers: [registry],
    }),
    lanePauses: new Counter({
      name: "kit_store_lane_pauses_total",
      help: "Times a store's job lane was paused (the rate governor): the store asked to slow down, or its circuit opened.",
      labelNames: ["why"],
      registers: [registry],
    }),
  };
  new Gauge({
    name: "kit_jobs_open",
    help: "Jobs queued (created), waiting to retry (retry) and running (active) across every worker, by kind.",
    labelNames: ["kind", "state"],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = (await scrapeSources.current?.openJobs().catch(() => null)) ?? [];
      for (const r of rows) this.set({ kind: r.kind, state: r.state }, r.count);
    },
  });
  new Gauge({
    name: "kit_store_lanes_paused",
    help: "Store lanes paused now; circuit=open counts those paused after repeated failures (open circuits).",
    labelNames: ["circuit"],
    registers: [registry],
    async collect() {
      this.reset();
      const lanes = await scrapeSources.current?.pausedLanes().catch(() => null);
      if (!lanes) return;
      this.set({ circuit: "open" }, lanes.open);
      this.set({ circuit: "closed" }, lanes.paused - lanes.open);
    },
  });
  new Gauge({
    name: "kit_sync_lag_seconds",
    help: "How far the mirror is behind the store, the worst store per synced entity (paused syncs left out).",
    labelNames: ["entity"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await scrapeSources.current?.syncLag().catch(() => null)) ?? [])
        this.set({ entity: r.entity }, r.seconds);
    },
  });
  new Gauge({
    name: "kit_sync_changes",
    help: "Sync changes not delivered to the handlers yet: pending (waiting or retrying) and parked (gave up).",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      const changes = await scrapeSources.current?.syncChanges().catch(() => null);
      if (!changes) return;
      this.set({ state: "pending" }, changes.pending);
      this.set({ state: "parked" }, changes.parked);
    },
  });
  return m;
}

/** This process's metrics (created on first use). */
export function metrics(): KitMetrics {
  return (holder.__kitMetrics ??= create());
}

/** "2xx" … "5xx" for a status, "network" for no answer. */
export function statusClass(status: number | null): string {
  return status === null ? "network" : `${Math.floor(status / 100)}xx`;
}
