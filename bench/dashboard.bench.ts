/**
 * Grid overhead: server time of the dashboard's product grid against the dev store next to the signed store
 * calls it makes, measured in one run. `next start` (built app; NEXT_DIST_DIR is honoured) with a fresh
 * database, a user signed up and a store activated through the identity page in Chromium, then, interleaved,
 * GETs of /stores/<id>/products with the session cookie and the page's own two store calls (the products list
 * with the same criteria and fields, and the category tree, in parallel as the page makes them) through
 * lib/magento over the app's guarded store fetch. Then where the difference goes: the page's database round
 * trips timed one by one against the same database, the DNS lookup a public store host costs, and the client's
 * construction. Prints medians; no assertions.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { lookup } from "node:dns/promises";
import { chromium } from "playwright-core";
import { startDevStore } from "../devstore/src/server";
import { createStoreFetch } from "@/lib/net/store-fetch";
import { createMagentoClient, type MagentoClient } from "@/lib/magento";
import { gridFields, gridSearchCriteria, parseGridParams } from "@/lib/dashboard/grid";
import { productsGrid } from "@/lib/dashboard/products-grid";
import { categoryTreeFields } from "@/lib/dashboard/category-tree";
import { benchDatabase, startApp } from "./lib/app-server";

const ROOT = process.cwd();
const REPS = 40;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const med = (xs: number[]) => pct(xs, 0.5);

async function timed(reps: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** The page's two store calls for a grid URL state, made the way the page makes them (in parallel). */
function pageCalls(client: MagentoClient, qs: string): () => Promise<unknown> {
  const state = parseGridParams(productsGrid, new URLSearchParams(qs));
  const criteria = gridSearchCriteria(productsGrid, state);
  const fields = gridFields(productsGrid);
  return () =>
    Promise.all([
      client.call(productsGrid.operation, { searchCriteria: criteria, fields }),
      client.call("getCategories", { fields: categoryTreeFields(5) }),
    ]);
}

async function main() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(join(ROOT, distDir, "BUILD_ID"))) {
    console.log(`skipped: no production build in ${distDir} (run: npx next build)`);
    return;
  }
  const store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const db = await benchDatabase("sqlite");
  // BENCH_NEXT_PROFILE=<dir>: the app server writes a V8 CPU profile there when it exits (where the page time goes)
  const profileDir = process.env.BENCH_NEXT_PROFILE;
  const app = await startApp(db.url, {}, profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []);
  const appUrl = app.url;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/signup`);
    await page.getByLabel("Email").fill(`bench-${randomBytes(3).toString("hex")}@example.com`);
    await page.getByLabel("Password").fill(`pw-${randomBytes(8).toString("hex")}`);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signup"));
    const post = async (path: string, body: unknown = {}) =>
      (await (await fetch(`${store.url}/admin/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as Record<string, unknown>;
    const integration = await post("/integrations", { name: "bench", endpoint: `${appUrl}/api/integration/callback`, identityLinkUrl: `${appUrl}/integration/identity`, resources: "all" });
    const act = await post(`/integrations/${integration.id}/activate`);
    await page.goto(String(act.identity_url));
    await page.getByRole("button", { name: "Link this store" }).click(); // signed in already: confirm the link
    await page.waitForURL((u) => u.href.startsWith(store.url), { timeout: 30_000 });
    await page.goto(`${appUrl}/stores`);
    const id = await page.locator("[data-installation]").first().getAttribute("data-installation");
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

    const cases: Array<[string, string]> = [
      ["default (20 rows, sku asc)", ""],
      ["search + price range, sort price desc", "?q=bag&price_from=50&price_to=250&sort=price&dir=desc"],
      ["100 rows per page, page 7", "?page=7&size=100"],
      ["category + status", "?category=4&status=1"],
    ];
    // the same calls with a token of their own (a manual-mode integration: same store, same signing)
    const manual = (await post("/integrations", { name: "bench direct", resources: "all" })) as { id: number };
    const t = (await post(`/integrations/${manual.id}/activate`)).tokens as Record<string, string>;
    const storeFetch = createStoreFetch({ allowPrivate: true });
    const client = createMagentoClient({
      baseUrl: store.storeBaseUrl,
      auth: { kind: "oauth", consumerKey: t.consumer_key!, consumerSecret: t.consumer_secret!, accessToken: t.access_token!, accessTokenSecret: t.access_token_secret! },
      fetch: storeFetch,
    });

    console.log(`GET /stores/<id>/products vs the page's two signed store calls, ${REPS} of each, interleaved, after 5 warm-ups (loopback):`);
    console.log("  URL state                                 page ms  store calls ms  ratio  overhead ms");
    const ratios: number[] = [];
    for (const [label, qs] of cases) {
      const url = `${appUrl}/stores/${id}/products${qs}`;
      const calls = pageCalls(client, qs);
      const page = async () => {
        const res = await fetch(url, { headers: { cookie } });
        const html = await res.text();
        if (res.status !== 200 || !html.includes('id="products"')) throw new Error(`${url}: ${res.status}`);
      };
      for (let i = 0; i < 5; i++) {
        await page();
        await calls();
      }
      const pageMs: number[] = [];
      const callMs: number[] = [];
      for (let i = 0; i < REPS; i++) {
        pageMs.push(...(await timed(1, page)));
        callMs.push(...(await timed(1, calls)));
      }
      ratios.push(med(pageMs) / med(callMs));
      console.log(
        `  ${label.padEnd(40)} ${med(pageMs).toFixed(1).padStart(8)} ${med(callMs).toFixed(1).padStart(15)} ${(med(pageMs) / med(callMs)).toFixed(2).padStart(6)} ${(med(pageMs) - med(callMs)).toFixed(1).padStart(12)}`,
      );
    }

    // Where the overhead goes: the page's steps before and after its store calls, timed one by one here.
    process.env.DATABASE_URL = db.url;
    const { openDatabase } = await import("@/lib/db");
    const { createPrismaStorage } = await import("@/lib/storage/prisma");
    const database = openDatabase(db.url);
    const storage = createPrismaStorage(database);
    const userId = (await database.prisma.installationUser.findFirst({ where: { installationId: id! } }))!.userId;
    const sessionId = (await database.prisma.session.findFirst({ where: { userId } }))?.id ?? "none";
    const q = async (label: string, fn: () => Promise<unknown>) => {
      await timed(5, fn);
      return [label, med(await timed(REPS, fn))] as const;
    };
    const steps = [
      await q("session row (requireUser)", () => storage.sessions.byId(sessionId)),
      await q("user row (requireUser)", () => storage.users.byId(userId)),
      // one read per view gives the store and its client (stores.view; the layout and the page share it)
      await q("installation with its store (loadStore → stores.view)", () => storage.installations.forUser(id!, userId)),
    ];
    const dns = await q("a DNS lookup of a store host name (no longer per page: the connect-time guard covers it)", () => lookup("localhost", { all: true, verbatim: true }));
    const build = await q("client construction (signer, key)", async () =>
      createMagentoClient({ baseUrl: store.storeBaseUrl, auth: { kind: "oauth", consumerKey: t.consumer_key!, consumerSecret: t.consumer_secret!, accessToken: t.access_token!, accessTokenSecret: t.access_token_secret! }, fetch: storeFetch }),
    );
    console.log("  The page's steps besides the store calls (median ms, timed here against the same database):");
    for (const [label, ms] of [...steps, build, dns]) console.log(`    ${label.padEnd(80)} ${ms.toFixed(2)}`);
    const dbMs = steps.reduce((a, [, ms]) => a + ms, 0);
    console.log(`    ${steps.length} database round trips in all: ${dbMs.toFixed(2)} ms; lastSuccessAt is written at most every 5 s per store (the client is reused)`);
    await database.close();
    console.log(`  (median page/store-call ratio over the URL states: ${med(ratios).toFixed(2)})`);
    await client.close();
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
    await store.close();
    await db.dispose();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
