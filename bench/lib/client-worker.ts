/**
 * One client process of the client benchmark (forked with `--import tsx`, so every client pays the same
 * loader). argv[2] = JSON {client, origin, call, n, conc, warmup}. Drives `n` calls at concurrency `conc` after
 * `warmup` calls and replies over IPC with wall time, this process's CPU time over the timed calls, its peak RSS
 * (ru_maxrss, start-up included) and the statuses seen.
 */
import type { DnsLookup } from "@magento-integration/client/net";
import { BENCH_CREDENTIALS as C } from "./bench-credentials";

export type ClientName = "lean" | "kit" | "kit+store-fetch";
export type CallName = "sku" | "list";

interface Job {
  client: ClientName;
  origin: string;
  call: CallName;
  n: number;
  conc: number;
  warmup: number;
}

const DATE = "2024-10-25 00:00:00";
const LIST_QUERY: Array<[string, string]> = [
  ["searchCriteria[filter_groups][0][filters][0][field]", "created_at"],
  ["searchCriteria[filter_groups][0][filters][0][value]", DATE],
  ["searchCriteria[filter_groups][0][filters][0][condition_type]", "gt"],
  ["searchCriteria[pageSize]", "5"],
];

type Call = (i: number) => Promise<number>;

/** DNS lookups made by the guarded store fetch's connector (one per new connection, none per request). */
let lookups = 0;

async function makeClient(job: Job): Promise<{ sku: Call; list: Call; close: () => Promise<void> }> {
  if (job.client === "lean") {
    const { leanClient } = await import("./lean-signer");
    const lean = leanClient(job.origin, C, job.conc);
    return {
      sku: async (i) => (await lean.get(`/rest/V1/products/SKU-${i}`)).status,
      list: async () => (await lean.get("/rest/V1/products", LIST_QUERY)).status,
      close: () => lean.close(),
    };
  }
  const { createMagentoClient, searchCriteria } = await import("@magento-integration/client");
  let fetch: typeof globalThis.fetch | undefined;
  let baseUrl = `${job.origin}/`;
  if (job.client === "kit+store-fetch") {
    // the app's guarded store fetch, as `npm run dev` configures it for the local dev store (private addresses
    // allowed), with the store under a .test name that the injected resolver maps to the loopback server
    const { createStoreFetch } = await import("@magento-integration/client/net");
    const port = new URL(job.origin).port;
    const lookup: DnsLookup = (_h, o, cb) => {
      lookups++;
      return o.all ? cb(null, [{ address: "127.0.0.1", family: 4 }]) : cb(null, "127.0.0.1", 4);
    };
    fetch = createStoreFetch({ allowPrivate: true, dnsLookup: lookup });
    baseUrl = `http://store.test:${port}/`;
  }
  const client = createMagentoClient({
    baseUrl,
    auth: { kind: "oauth", ...C },
    signature: { method: "HMAC-SHA256", mode: "standard" },
    ...(fetch ? { fetch } : {}),
  });
  const status = (p: Promise<{ status: number }>) =>
    p.then(
      (r) => r.status,
      (e: { status?: number }) => (typeof e.status === "number" ? e.status : Promise.reject(e)),
    );
  return {
    sku: (i) => status(client.request({ method: "GET", path: `/V1/products/SKU-${i}` })),
    list: () =>
      status(
        client.request({
          method: "GET",
          path: "/V1/products",
          searchCriteria: searchCriteria().where("created_at", "gt", DATE).pageSize(5),
        }),
      ),
    close: () => client.close(),
  };
}

async function drive(n: number, conc: number, call: Call, statuses: Record<number, number>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (next < n) {
        const s = await call(next++);
        statuses[s] = (statuses[s] ?? 0) + 1;
      }
    }),
  );
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as Job;
  const client = await makeClient(job);
  const call = job.call === "sku" ? client.sku : client.list;
  await drive(job.warmup, job.conc, (i) => call(1_000_000 + i), {});
  const statuses: Record<number, number> = {};
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await drive(job.n, job.conc, call, statuses);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await client.close();
  process.send!(
    {
      wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      maxRssMB: process.resourceUsage().maxRSS / 1024,
      statuses,
      lookups,
    },
    () => process.exit(0),
  );
}

main().catch((e: unknown) => process.send!({ error: String((e as Error).stack ?? e) }, () => process.exit(1)));
