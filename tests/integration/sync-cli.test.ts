/**
 * `npm run --silent sync` and `sync:dump` as a shell runs them (scripts/sync.ts, scripts/sync-dump.ts): one summary
 * line per entity, the mirror as NDJSON sorted by identity, clear errors; and a sync process killed with SIGKILL in
 * the middle of its backfill resumes where it stopped and still ends with the mirror equal to the store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { PROVIDERS } from "../helpers/databases";
import { startSyncHarness, type SyncHarness } from "../helpers/sync-harness";
import { TEST_BOX_KEYS } from "../helpers/handshake-harness";

const run = promisify(execFile);

describe.each(PROVIDERS)("sync commands on %s", (provider) => {
  let s: SyncHarness;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    s = await startSyncHarness(provider, 3000);
    env = {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: s.h.database.url,
      ENCRYPTION_KEY: TEST_BOX_KEYS.map((k) => `${k.id}:${k.key.toString("base64")}`).join(","),
      ALLOW_PRIVATE_STORE_URLS: "true",
      LOG_LEVEL: "error",
    };
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const sync = (...args: string[]) =>
    run("npm", ["run", "--silent", "sync", "--", ...args], { env, maxBuffer: 64 * 1024 * 1024 });
  const dump = (entity: string) =>
    run("npm", ["run", "--silent", "sync:dump", "--", "--store", s.installationId, entity], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });

  it("a sync killed with SIGKILL mid-backfill resumes; then one line per entity, and the dump equals the store", async () => {
    const child = spawn(
      "npm",
      ["run", "--silent", "sync", "--", "--store", s.installationId, "--entity", "products", "--once"],
      { env, detached: true, stdio: "ignore" },
    );
    // kill the whole process group once the backfill has written some pages, and not all
    const deadline = Date.now() + 60_000;
    for (;;) {
      const c = (await s.h.kit.sync.status(s.installationId, null))?.find((x) => x.entity === "products")?.cursor;
      if (c && c.backfillDone > 0) break;
      if (Date.now() > deadline) throw new Error("the backfill never started");
      await new Promise((r) => setTimeout(r, 20));
    }
    process.kill(-child.pid!, "SIGKILL");
    const killedAt = (await s.h.kit.sync.status(s.installationId, null))!.find((x) => x.entity === "products")!;
    expect(killedAt.cursor?.backfilledAt ?? null).toBeNull();
    expect(killedAt.mirrored).toBeGreaterThan(0);

    const { stdout, stderr } = await sync("--store", s.installationId, "--once", "--sweep");
    expect(stderr).toBe("");
    const lines = stdout.trim().split("\n");
    expect(lines.map((l) => l.split(":")[0])).toEqual(["products", "customers", "orders", "stock", "source-items"]);
    const products = await s.storeListing("products");
    // resumed: this run read fewer products than the store has (the killed one had written some pages)
    const read = Number(/pass \d+ requests?, (\d+) rows? read/.exec(lines[0]!)?.[1]);
    expect(read).toBeLessThan(products.size);
    expect(lines[0]).toContain(`mirror ${products.size} records`);

    // the five dumps are independent processes: run at once, each compared with the store's own listing
    const dumped = new Map<string, Record<string, unknown>[]>();
    await Promise.all(
      ["products", "customers", "orders", "stock", "source-items"].map(async (e) => {
        const [out, store] = await Promise.all([
          dump(e).then(({ stdout }) =>
            stdout
              .trim()
              .split("\n")
              .map((l) => JSON.parse(l) as Record<string, unknown>),
          ),
          s.storeListing(e),
        ]);
        dumped.set(e, out);
        expect(out, e).toHaveLength(store.size);
        // the dev store has MSI: its source items are identified by source + SKU
        const identity = (r: Record<string, unknown>) =>
          e === "source-items"
            ? JSON.stringify([r.source_code, r.sku])
            : String(r[e === "orders" ? "entity_id" : e === "customers" ? "id" : "sku"]);
        expect(new Map(out.map((r) => [identity(r), r])), e).toEqual(store);
        if (e === "customers" || e === "orders") {
          const ids = out.map((r) => Number(r[e === "orders" ? "entity_id" : "id"]));
          expect(ids, e).toEqual([...ids].sort((a, b) => a - b));
        }
      }),
    );
    const stock = dumped.get("stock") as Array<{ sku: string; qty: number }>;
    expect(typeof stock[0]!.qty).toBe("number");
    expect(stock.map((r) => r.sku)).toEqual(
      [...stock.map((r) => r.sku)].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
    );
  }, 300_000);

  it("bad arguments and unknown stores fail with a message saying what to do, and nothing on stdout", async () => {
    // three independent processes, run at once
    type Failed = { code: number; stdout: string; stderr: string };
    const [noOnce, unknownEntity, missing] = await Promise.all([
      sync("--store", s.installationId).catch((e: Failed) => e),
      sync("--store", s.installationId, "--entity", "invoices", "--once").catch((e: Failed) => e),
      run("npm", ["run", "--silent", "sync:dump", "--", "--store", "nope", "orders"], { env }).catch((e: Failed) => e),
    ]);
    expect(noOnce).toMatchObject({ code: 2, stdout: "" });
    expect((noOnce as { stderr: string }).stderr).toMatch(/add --once/);
    expect(unknownEntity).toMatchObject({ code: 2 });
    expect((unknownEntity as { stderr: string }).stderr).toMatch(/choose products, customers, orders, stock/);
    expect(missing).toMatchObject({ code: 2, stdout: "" });
    expect((missing as { stderr: string }).stderr).toMatch(/no store with id "nope"/);
  }, 120_000);
});
