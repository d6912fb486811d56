/**
 * Sync tests: a linked dev store (handshake harness), a handler that logs what it is given (and fails on demand),
 * a store fetch that injects faults (500, 429, a page answered twice, a crash), and the store's own listing of an
 * entity to compare the mirror with.
 */
import { startHarness, type Harness } from "./handshake-harness";
import type { DatabaseProvider } from "@magento-integration/storage";
import {
  type SyncChange,
  type SyncHandler,
  syncEntity,
  toStoreRecord,
  projection,
  readingOf,
} from "@magento-integration/sync";

export type Fault = "500" | "429" | "duplicate" | "crash";

export class InjectedCrash extends Error {
  override readonly name = "InjectedCrash";
}

export interface SyncHarness {
  h: Harness;
  installationId: string;
  /** Every batch the handler acknowledged, in order. */
  delivered: SyncChange[];
  /** The next `n` handler calls throw. */
  failHandler(n: number): void;
  /** Faults for the next store list requests, in order (one request each). */
  faults: Fault[];
  /** Store list requests made so far. */
  listRequests(): number;
  /** The next store list request waits until `release()`; `held` resolves once it is waiting. */
  holdNextList(): { held: Promise<void>; release(): void };
  /**
   * The store's own listing of an entity: identity → fields as the mirror keeps them (read as this store must be
   * read: an entity's fallback when the store runs without MSI).
   */
  storeListing(entity: string): Promise<Map<string, Record<string, unknown>>>;
  /** The mirror: identity → fields. */
  mirror(entity: string): Promise<Map<string, Record<string, unknown>>>;
  churn(body: Record<string, number>): Promise<unknown>;
  /** The merchant's MSI source-item edits (POST /admin/api/source-items). */
  sourceItems(body: {
    save?: Array<{ sku: string; source_code: string; quantity: number; status: 0 | 1 }>;
    delete?: Array<{ sku: string; source_code: string }>;
  }): Promise<unknown>;
  moveStoreClock(seconds: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSyncHarness(
  provider: DatabaseProvider,
  products = 200,
  store: { msi?: boolean } = {},
): Promise<SyncHarness> {
  const msi = store.msi ?? true;
  const delivered: SyncChange[] = [];
  let failures = 0;
  const handler: SyncHandler = {
    name: "test log",
    entities: "*",
    async handle(changes) {
      if (failures > 0) {
        failures--;
        throw new Error("the handler's service is down");
      }
      delivered.push(...changes);
    },
  };
  const faults: Fault[] = [];
  let lists = 0;
  let hold: { held: () => void; released: Promise<void> } | null = null;
  const lastAnswer = new Map<string, { body: string; headers: Headers; status: number }>();
  const faulty: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const isList =
      url.pathname.includes("/V1/") &&
      url.searchParams.has("fields") &&
      [...url.searchParams.keys()].some((k) => k.startsWith("searchCriteria"));
    if (!isList) return fetch(input, init);
    lists++;
    if (hold) {
      const h = hold;
      hold = null;
      h.held();
      await h.released;
    }
    // a page answered twice: the previous answer to the same walk (same route, fields and sort), as offset paging repeats pages
    const sorts = [...url.searchParams]
      .filter(([k]) => k.includes("sortOrders"))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const key = `${url.pathname} ${url.searchParams.get("fields")} ${sorts}`;
    const fault = faults.shift();
    if (fault === "crash") throw new InjectedCrash("the worker was killed mid-page");
    if (fault === "500")
      return new Response(JSON.stringify({ message: "Internal Error. Details are available in Magento log file." }), {
        status: 500,
        headers: { "content-type": "application/json" },
      });
    if (fault === "429") return new Response("Limit Exceeded", { status: 429, headers: { "retry-after": "0" } });
    const prev = lastAnswer.get(key);
    if (fault === "duplicate" && prev) return new Response(prev.body, { status: prev.status, headers: prev.headers });
    const res = await fetch(input, init);
    const body = await res.text();
    lastAnswer.set(key, { body, headers: res.headers, status: res.status });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  const h = await startHarness({ provider, store: { products, msi }, kit: { syncHandlers: [handler], fetch: faulty } });
  const integ = await h.createIntegration("Sync");
  await h.activate(integ.id);
  await h.settle();
  const inst = await h.installation(integ.consumer_key);
  const adminToken = await h.admin<string>("POST", "/rest/V1/integration/admin/token", {
    username: "admin",
    password: "admin123",
  });

  return {
    h,
    installationId: inst.id,
    delivered,
    failHandler: (n) => void (failures = n),
    faults,
    listRequests: () => lists,
    holdNextList() {
      let held!: () => void;
      let release!: () => void;
      const heldP = new Promise<void>((r) => (held = r));
      const released = new Promise<void>((r) => (release = r));
      hold = { held, released };
      return { held: heldP, release };
    },
    async storeListing(name) {
      const declared = syncEntity(name);
      const entity = readingOf(declared, declared.fallback !== undefined && !msi);
      const out = new Map<string, Record<string, unknown>>();
      for (let page = 1; ; page++) {
        const q = `searchCriteria[pageSize]=300&searchCriteria[currentPage]=${page}&fields=${encodeURIComponent(projection(entity))}`;
        const res = await fetch(`${h.store.url}/rest/V1${entity.path.slice(3)}?${q}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        const data = (await res.json()) as { items?: unknown[]; total_count: number };
        for (const row of data.items ?? []) {
          const r = toStoreRecord(entity, row);
          out.set(r.identity, r.data);
        }
        if (page * 300 >= data.total_count) return out;
      }
    },
    async mirror(name) {
      const out = new Map<string, Record<string, unknown>>();
      for await (const r of h.kit.sync.records(inst.id, name)) out.set(r.identity, r.data);
      return out;
    },
    churn: (body) => h.admin("POST", "/admin/api/churn", body),
    sourceItems: (body) => h.admin("POST", "/admin/api/source-items", body),
    async moveStoreClock(seconds) {
      const now = await h.admin<{ offsetSeconds: number }>("GET", "/admin/api/clock");
      await h.admin("POST", "/admin/api/clock", { offsetSeconds: now.offsetSeconds + seconds });
    },
    close: () => h.close(),
  };
}
