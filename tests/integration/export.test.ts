import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { startDevStore, type DevStore } from "../../packages/devstore/src/server";
import { createMagentoClient, type MagentoClient } from "@magento-integration/client";
import {
  exportRows,
  parseArgs,
  parseFilterTerm,
  progressBar,
  UsageError,
  type ExportOptions,
} from "../../scripts/export";

let store: DevStore;
let tokens: { consumer_key: string; consumer_secret: string; access_token: string; access_token_secret: string };

beforeAll(async () => {
  store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${store.url}/admin/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    expect(res.ok).toBe(true);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const created = await post("/integrations", { name: "export test", resources: "all" });
  const activated = await post(`/integrations/${created.id}/activate`);
  tokens = activated.tokens as typeof tokens;
});
afterAll(async () => {
  await store?.close();
});

function client(fetchImpl: typeof fetch = fetch): MagentoClient {
  return createMagentoClient({
    baseUrl: store.storeBaseUrl,
    auth: {
      kind: "oauth",
      consumerKey: tokens.consumer_key,
      consumerSecret: tokens.consumer_secret,
      accessToken: tokens.access_token,
      accessTokenSecret: tokens.access_token_secret,
    },
    fetch: fetchImpl,
  });
}

/** Collects NDJSON lines; optionally slow, to create backpressure. */
function sink(delayMs = 0) {
  const lines: string[] = [];
  let rest = "";
  let writes = 0;
  const stream = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, cb) {
      writes++;
      const text = rest + chunk.toString();
      const parts = text.split("\n");
      rest = parts.pop()!;
      lines.push(...parts);
      if (delayMs) setTimeout(cb, delayMs);
      else cb();
    },
  });
  return { stream, lines, writes: () => writes };
}

async function adminTotal(path: string, extra = ""): Promise<number> {
  const t = await fetch(`${store.url}/rest/V1/integration/admin/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin123" }),
  });
  const token = (await t.json()) as string;
  const res = await fetch(`${store.url}/rest/V1${path}?searchCriteria[pageSize]=1${extra}&fields=total_count`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { total_count: number }).total_count;
}

const base: ExportOptions = {
  entity: "products",
  fields: "sku,name,price",
  filterGroups: [],
  pageSize: 300,
  prefetch: 2,
};

describe("export against the dev store", () => {
  it("streams every product exactly once as NDJSON, in a stable order", async () => {
    const out = sink();
    const n = await exportRows(client(), base, out.stream);
    const total = await adminTotal("/products");
    expect(n).toBe(total);
    expect(out.lines).toHaveLength(total);
    const rows = out.lines.map((l) => JSON.parse(l) as { sku: string; name: string; price: number });
    expect(new Set(rows.map((r) => r.sku)).size).toBe(total);
    expect(Object.keys(rows[0]!).sort()).toEqual(["name", "price", "sku"]);
  });

  it("applies --filter terms (AND between terms, | for OR) like the store does", async () => {
    const parsed = parseArgs([
      "--store",
      "x",
      "orders",
      "--filter",
      "status:in:pending,complete",
      "--filter",
      "grand_total:gt:500",
      "--fields",
      "increment_id,status,grand_total",
    ]);
    if ("help" in parsed) throw new Error("unexpected help");
    const out = sink();
    const n = await exportRows(client(), { ...parsed.options, pageSize: 50 }, out.stream);
    const rows = out.lines.map((l) => JSON.parse(l) as { status: string; grand_total: number });
    expect(n).toBeGreaterThan(0);
    expect(rows.every((r) => (r.status === "pending" || r.status === "complete") && r.grand_total > 500)).toBe(true);
    const expected = await adminTotal(
      "/orders",
      "&searchCriteria[filter_groups][0][filters][0][field]=status&searchCriteria[filter_groups][0][filters][0][value]=pending,complete&searchCriteria[filter_groups][0][filters][0][condition_type]=in" +
        "&searchCriteria[filter_groups][1][filters][0][field]=grand_total&searchCriteria[filter_groups][1][filters][0][value]=500&searchCriteria[filter_groups][1][filters][0][condition_type]=gt",
    );
    expect(n).toBe(expected);
  });

  it("reads at most --prefetch pages ahead of a slow writer", async () => {
    let requested = 0;
    const counting: typeof fetch = async (input, init) => {
      if (String(input).includes("currentPage")) requested++;
      return fetch(input, init);
    };
    const out = sink(2);
    let maxAhead = 0;
    const pageSize = 50;
    const opts: ExportOptions = { ...base, pageSize, prefetch: 2, fields: "sku" };
    const progress = {
      start() {},
      update(rows: number) {
        maxAhead = Math.max(maxAhead, requested - Math.floor(rows / pageSize));
      },
      done() {},
    };
    const n = await exportRows(client(counting), opts, out.stream, progress);
    expect(n).toBe(out.lines.length);
    // pages requested beyond those fully written: the prefetch window (2) plus the page being written
    expect(maxAhead).toBeLessThanOrEqual(3);
    expect(maxAhead).toBeGreaterThanOrEqual(1);
  });

  it("names the store's refusal (bad credentials) instead of writing anything", async () => {
    const bad = createMagentoClient({
      baseUrl: store.storeBaseUrl,
      auth: {
        kind: "oauth",
        consumerKey: tokens.consumer_key,
        consumerSecret: tokens.consumer_secret,
        accessToken: "0".repeat(32),
        accessTokenSecret: "0".repeat(32),
      },
    });
    const out = sink();
    await expect(exportRows(bad, base, out.stream)).rejects.toMatchObject({ status: 401 });
    expect(out.lines).toHaveLength(0);
  });
});

describe("export arguments", () => {
  it("parses entity, fields, filters and limits", () => {
    const r = parseArgs([
      "--store",
      "abc",
      "customers",
      "--filter",
      "email:like:%@example.com|firstname:eq:Roni",
      "--filter",
      "created_at:gteq:2024-01-01 00:00:00",
      "--page-size",
      "100",
      "--prefetch",
      "1",
    ]);
    expect(r).toEqual({
      store: "abc",
      options: {
        entity: "customers",
        fields: "id,email,firstname,lastname,group_id,created_at",
        filterGroups: [
          {
            filters: [
              { field: "email", conditionType: "like", value: "%@example.com" },
              { field: "firstname", conditionType: "eq", value: "Roni" },
            ],
          },
          { filters: [{ field: "created_at", conditionType: "gteq", value: "2024-01-01 00:00:00" }] },
        ],
        pageSize: 100,
        prefetch: 1,
      },
      filters: ["email:like:%@example.com|firstname:eq:Roni", "created_at:gteq:2024-01-01 00:00:00"],
    });
    expect(parseFilterTerm("sku:24-MB01")).toEqual({ field: "sku", conditionType: "eq", value: "24-MB01" });
    expect(parseFilterTerm("special_price:null")).toEqual({ field: "special_price", conditionType: "null" });
  });

  it("explains bad arguments", () => {
    const msg = (argv: string[]) => {
      try {
        parseArgs(argv);
        return "no error";
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
    };
    expect(msg(["products"])).toMatch(/--store/);
    expect(msg(["--store", "x"])).toMatch(/products, orders or customers/);
    expect(msg(["--store", "x", "invoices"])).toMatch(/cannot export "invoices"/);
    expect(msg(["--store", "x", "products", "--page-size", "301"])).toMatch(/at most 300/);
    expect(msg(["--store", "x", "products", "--fields", "items[sku"])).toMatch(/--fields/);
    expect(msg(["--store", "x", "products", "--filter", "price:between:1"])).toMatch(/unknown condition "between"/);
    expect(msg(["--store", "x", "products", "--filter", "price:gt:"])).toMatch(/needs a value/);
    expect(msg(["--store", "x", "products", "--bogus"])).toMatch(/unknown option --bogus/);
    expect(parseArgs(["--help"])).toEqual({ help: true });
  });

  it("the progress bar prints to its stream", async () => {
    let text = "";
    const w = new Writable({
      write(c: Buffer, _e, cb) {
        text += c.toString();
        cb();
      },
    });
    let t = 0;
    const bar = progressBar(w, () => (t += 500));
    bar.start(10);
    bar.update(5);
    bar.done(10);
    expect(text).toMatch(/\[#{15}\.{15}\] 5\/10 rows 50%/);
    expect(text).toMatch(/10\/10 rows 100% .* done in/);
  });
});
