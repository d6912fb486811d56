/**
 * Grid overhead: server time of the dashboard's product grid next to the signed store calls it makes, and next to
 * three floors, all measured interleaved in one run. `next start` (built app; NEXT_DIST_DIR is honoured) with a
 * fresh database; a user signed up in Chromium links two dev stores through the identity page: the default one
 * (~2,100 products) and one seeded with 100,000 (BENCH_GRID_PRODUCTS to change it), each in a process of its own.
 * For each store and URL state, in turn:
 *   - page: GET /stores/<id>/products with the session cookie (the whole response, as a browser asks for it);
 *   - store calls: the page's own two store calls (the products list with the same criteria and fields, and the
 *     category tree, in parallel as the page makes them) through packages/client/src/magento over the app's guarded store fetch;
 *   - page floor: GET /stores/<id>/remove, a page under the same layouts (session, user, the store and its link
 *     requests, read in one query: app/_kit storePage) that calls no store (its own read: what removing the store
 *     would delete);
 *   - Next page floor: GET /login signed out, a page under the root layout that reads no database and calls no store;
 *   - bare route: GET /api/health, a route handler that does nothing (Next's own floor).
 * Then each kind of request alone (the grid page on both stores): the app server's CPU per request, read from /proc
 * (steadier than wall time on a shared machine). Also printed: the page's HTML and its RSC payload (what a
 * client-side navigation downloads) in KiB.
 * BENCH_GRID_DUMP=<dir>: each URL state's HTML and RSC payload are written there (store0-state0.html...).
 * BENCH_NEXT_PROFILE=<dir>: the app server runs with --cpu-prof, and the bench prints where the server's time went
 * per request of each kind (its run alone, cut out of the profile by time). Per store, the two floors over every URL
 * state and their difference (a store page's own cost over Next's). Prints medians; no assertions.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { createStoreFetch } from "@magento-integration/client/net";
import { createMagentoClient, type MagentoClient } from "@magento-integration/client";
import { gridFields, gridSearchCriteria, parseGridParams } from "@/lib/dashboard/grid";
import { productsGrid } from "@/lib/dashboard/products-grid";
import { categoryTreeFields } from "@/lib/dashboard/category-tree";
import { benchDatabase, DIST, hasBuild, pct, startApp } from "./lib/app-server";
import { processCpuMs, startStoreChild, type StoreChild } from "./lib/devstore-child";
import { monotonicMicros, profileBreakdown } from "./lib/cpu-profile";
import { chromiumPath } from "../tests/helpers/chromium-path.cjs";

const REPS = Number(process.env.BENCH_GRID_REPS ?? 40);
const WARMUPS = 5;
const ALONE_REPS = 200;
const BIG = Number(process.env.BENCH_GRID_PRODUCTS ?? 100_000);

const med = (xs: number[]) => pct(xs, 0.5);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
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

/** A GET of the app with the session cookie that must answer 200 and contain `marker`; the body. */
function appGet(
  url: string,
  cookie: string,
  marker: string,
  headers: Record<string, string> = {},
): () => Promise<string> {
  return async () => {
    const res = await fetch(url, { headers: { cookie, ...headers } });
    const body = await res.text();
    if (res.status !== 200 || !body.includes(marker)) throw new Error(`${url}: ${res.status}`);
    return body;
  };
}

/** Links a dev store to the signed-in user through the identity page, as a merchant's Activate does. */
async function linkStore(page: Page, appUrl: string, store: StoreChild): Promise<string> {
  const post = async (path: string, body: unknown = {}) =>
    (await (
      await fetch(`${store.url}/admin/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, unknown>;
  const integration = await post("/integrations", {
    name: "bench",
    endpoint: `${appUrl}/api/integration/callback`,
    identityLinkUrl: `${appUrl}/integration/identity`,
    resources: "all",
  });
  const act = await post(`/integrations/${integration.id}/activate`);
  await page.goto(String(act.identity_url));
  await page.getByRole("button", { name: "Link this store" }).click(); // signed in already: confirm the link
  await page.waitForURL((u) => u.href.startsWith(store.url), { timeout: 30_000 });
  await page.goto(`${appUrl}/stores`);
  const row = page.locator("[data-installation]", { hasText: store.storeBaseUrl.replace(/\/$/, "") });
  return (await row.first().getAttribute("data-installation"))!;
}

async function main() {
  if (!hasBuild()) {
    console.log(`skipped: no production build in ${DIST} (run: npx next build)`);
    return;
  }
  const profileDir = process.env.BENCH_NEXT_PROFILE;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const stores = [
    { label: "default dev store", store: await startStoreChild() },
    { label: `dev store, ${BIG} products`, store: await startStoreChild({ products: BIG }) },
  ];
  const db = await benchDatabase("sqlite");
  const app = await startApp(
    db.url,
    {},
    profileDir ? ["--cpu-prof", "--cpu-prof-interval=250", `--cpu-prof-dir=${profileDir}`] : [],
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const storeFetch = createStoreFetch({ allowPrivate: true });
  const clients: MagentoClient[] = [];
  const profiled: Array<[string, Array<[number, number]>]> = [];
  let appStopped = false;
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/signup`);
    await page.getByLabel("Email").fill(`bench-${randomBytes(3).toString("hex")}@example.com`);
    await page.getByLabel("Password").fill(`pw-${randomBytes(8).toString("hex")}`);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signup"));
    const linked = [];
    for (const s of stores) linked.push({ ...s, id: await linkStore(page, app.url, s.store) });
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await context.close();

    const cases: Array<[string, string]> = [
      ["default (20 rows, sku asc)", ""],
      ["search + price range, sort price desc", "?q=bag&price_from=50&price_to=250&sort=price&dir=desc"],
      ["100 rows per page, page 7", "?page=7&size=100"],
      ["category + status", "?category=4&status=1"],
    ];
    const bare = appGet(`${app.url}/api/health`, "", "ok");
    const nextFloor = appGet(`${app.url}/login`, "", "Sign in");
    console.log(
      `GET /stores/<id>/products against its two signed store calls and three floors, ${REPS} of each, interleaved, after ${WARMUPS} warm-ups (loopback, median ms):`,
    );
    console.log(
      "  page: the grid page's server time; store calls: the page's two calls made directly (same client, same fetch);",
    );
    console.log(
      "  page floor: /stores/<id>/remove (same layouts: session, store read, link requests; no store call); Next page floor:",
    );
    console.log(
      "  /login signed out (root layout, no database, no store call); bare route: /api/health (a route handler that does nothing).",
    );
    const ratios: Record<string, number[]> = {};
    const floors: Record<string, { page: number[]; next: number[] }> = {};
    for (const s of linked) {
      // the page's calls with a token of their own (a manual-mode integration: same store, same signing)
      const t = s.store.tokens;
      const client = createMagentoClient({
        baseUrl: s.store.storeBaseUrl,
        auth: {
          kind: "oauth",
          consumerKey: t.consumer_key,
          consumerSecret: t.consumer_secret,
          accessToken: t.access_token,
          accessTokenSecret: t.access_token_secret,
        },
        fetch: storeFetch,
      });
      clients.push(client);
      const floor = appGet(`${app.url}/stores/${s.id}/remove`, cookie, "removal-list");
      console.log(`\n  ${s.label}`);
      console.log(
        "  URL state                                 page  store calls  ratio  page floor  Next page floor  bare route  page−floor  HTML KiB  RSC KiB",
      );
      ratios[s.label] = [];
      floors[s.label] = { page: [], next: [] };
      for (const [label, qs] of cases) {
        const grid = appGet(`${app.url}/stores/${s.id}/products${qs}`, cookie, 'id="products"');
        const calls = pageCalls(client, qs);
        for (let i = 0; i < WARMUPS; i++) {
          await grid();
          await calls();
          await floor();
          await nextFloor();
          await bare();
        }
        const m = {
          page: [] as number[],
          calls: [] as number[],
          floor: [] as number[],
          next: [] as number[],
          bare: [] as number[],
        };
        for (let i = 0; i < REPS; i++) {
          m.page.push(await timed(grid));
          m.calls.push(await timed(calls));
          m.floor.push(await timed(floor));
          m.next.push(await timed(nextFloor));
          m.bare.push(await timed(bare));
        }
        const html = await grid();
        // what a client-side navigation to the page downloads: the RSC payload alone (the HTML carries it too)
        const rsc = await appGet(`${app.url}/stores/${s.id}/products${qs}`, cookie, "products", { rsc: "1" })();
        const dump = process.env.BENCH_GRID_DUMP;
        if (dump) {
          mkdirSync(dump, { recursive: true });
          writeFileSync(join(dump, `store${linked.indexOf(s)}-state${ratios[s.label]!.length}.html`), html);
          writeFileSync(join(dump, `store${linked.indexOf(s)}-state${ratios[s.label]!.length}.rsc`), rsc);
        }
        const [p, c, f, n, b] = [med(m.page), med(m.calls), med(m.floor), med(m.next), med(m.bare)];
        ratios[s.label]!.push(p / c);
        floors[s.label]!.page.push(...m.floor);
        floors[s.label]!.next.push(...m.next);
        console.log(
          `  ${label.padEnd(40)} ${p.toFixed(1).padStart(5)} ${c.toFixed(1).padStart(12)} ${(p / c).toFixed(2).padStart(6)} ${f.toFixed(1).padStart(11)} ${n.toFixed(1).padStart(16)} ${b.toFixed(1).padStart(11)} ${(p - f).toFixed(1).padStart(11)} ${(Buffer.byteLength(html) / 1024).toFixed(0).padStart(9)} ${(Buffer.byteLength(rsc) / 1024).toFixed(0).padStart(8)}`,
        );
      }
      console.log(`  median page/store-call ratio over the URL states: ${med(ratios[s.label]!).toFixed(2)}`);
      // a store page's own floor (its layouts' one read: session, user, store, link requests) against Next's
      const [pf, nf] = [med(floors[s.label]!.page), med(floors[s.label]!.next)];
      console.log(
        `  floors over the URL states: store page ${pf.toFixed(1)} ms, Next page ${nf.toFixed(1)} ms, store page − Next page ${(pf - nf).toFixed(1)} ms (goal: at most 3 ms)`,
      );

      // each kind of request alone: the app server's CPU per request (from /proc, steadier than wall time on a
      // shared machine), and with BENCH_NEXT_PROFILE a window of the profile that holds only that kind
      const alone: Array<[string, () => Promise<unknown>]> = [
        ["grid page, default URL state", appGet(`${app.url}/stores/${s.id}/products`, cookie, 'id="products"')],
      ];
      if (s === linked[0]) alone.push(["page floor", floor], ["Next page floor", nextFloor], ["bare route", bare]);
      console.log(
        `  alone, ${ALONE_REPS} of each after ${WARMUPS} warm-ups          app server CPU ms/request   wall ms/request`,
      );
      for (const [label, get] of alone) {
        for (let i = 0; i < WARMUPS; i++) await get();
        const [t0, cpu0, wall0] = [monotonicMicros(), processCpuMs(app.pid), performance.now()];
        for (let i = 0; i < ALONE_REPS; i++) await get();
        const [cpu, wall] = [(processCpuMs(app.pid) - cpu0) / ALONE_REPS, (performance.now() - wall0) / ALONE_REPS];
        if (profileDir && s === linked[0]) profiled.push([label, [[t0, monotonicMicros()]]]);
        console.log(`  ${label.padEnd(50)} ${cpu.toFixed(2).padStart(25)} ${wall.toFixed(2).padStart(17)}`);
      }
    }
  } finally {
    await browser.close();
    await app.stop();
    appStopped = true;
    for (const c of clients) await c.close();
    for (const s of stores) s.store.stop();
    await db.dispose();
  }
  if (profileDir && appStopped) printProfile(profileDir, app.pid, profiled);
}

function printProfile(dir: string, pid: number, runs: Array<[string, Array<[number, number]>]>) {
  const file = readdirSync(dir).find((f) => f.includes(`.${pid}.`) && f.endsWith(".cpuprofile"));
  if (!file) return console.log(`\n(no CPU profile of pid ${pid} in ${dir})`);
  console.log(
    `\nWhere the app server's time went, per request (${ALONE_REPS} of each alone, default store, CPU profile ${join(dir, file)}):`,
  );
  const parts = runs.map(([label, windows]) => ({
    label: label.replace(/,.*/, ""),
    ...profileBreakdown(join(dir, file), windows),
  }));
  const page = parts[0]!;
  const names = [...new Set(parts.flatMap((p) => [...p.byCategory.keys()]))].sort(
    (a, b) => (page.byCategory.get(b) ?? 0) - (page.byCategory.get(a) ?? 0),
  );
  const cell = (ms: number | undefined, label: string) =>
    ((ms ?? 0) / ALONE_REPS).toFixed(2).padStart(label.length + 2);
  console.log(`  ${"ms per request".padEnd(70)}${parts.map((p) => `  ${p.label}`).join("")}`);
  for (const n of names)
    console.log(`  ${n.padEnd(70)}${parts.map((p) => cell(p.byCategory.get(n), p.label)).join("")}`);
  console.log(`  ${"wall time in all".padEnd(70)}${parts.map((p) => cell(p.total, p.label)).join("")}`);
  console.log("  the grid page's busiest functions (self time, ms per request):");
  const top = [...page.byFunction]
    .filter(([n]) => !n.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15);
  for (const [n, ms] of top) console.log(`  ${(ms / ALONE_REPS).toFixed(2).padStart(6)}  ${n.slice(0, 110)}`);
  // what a store page costs over Next's own page, function by function (the floor goal's remainder)
  const [floor, next] = [parts[1], parts[2]];
  if (!floor || !next) return;
  console.log(
    "  the page floor over the Next page floor, by function (self time, ms per request, largest differences):",
  );
  const diff = [...new Set([...floor.byFunction.keys(), ...next.byFunction.keys()])]
    .filter((n) => !n.startsWith("(idle)"))
    .map((n) => [n, (floor.byFunction.get(n) ?? 0) - (next.byFunction.get(n) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20);
  for (const [n, ms] of diff) console.log(`  ${(ms / ALONE_REPS).toFixed(2).padStart(6)}  ${n.slice(0, 110)}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
