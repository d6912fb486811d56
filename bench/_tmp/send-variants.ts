import inspector from "node:inspector/promises";
import { fork } from "node:child_process";
import { Pool } from "undici";
import { dispatchExchange } from "@/lib/magento/dispatch-exchange";
import type { Exchange } from "@/lib/magento/exchange";
const BP = "/tmp/tmp.nZi1g6aSq9/bench-peers/";

async function v1(ex: Exchange, url: string) { // plain
  const r = await ex({ method: "GET", url, headers: { accept: "application/json" }, body: undefined, timeoutMs: 30000, maxBytes: 1e8 });
  return { status: r.status, text: r.text };
}
async function v2(ex: Exchange, url: string) { // loop + try/catch
  for (let attempt = 1; ; attempt++) {
    let r;
    try { r = await ex({ method: "GET", url, headers: { accept: "application/json" }, body: undefined, timeoutMs: 30000, maxBytes: 1e8 }); }
    catch (e) { if (attempt < 3) continue; throw e; }
    return { status: r.status, text: r.text };
  }
}
async function v3(ex: Exchange, url: string) { // closure + getter in result
  const r = await ex({ method: "GET", url, headers: { accept: "application/json" }, body: undefined, timeoutMs: 30000, maxBytes: 1e8 });
  return { status: r.status, header: (n: string) => r.header(n), get headers() { return r.headers; }, text: r.text };
}
async function v4(ex: Exchange, url: string) { // getter only
  const r = await ex({ method: "GET", url, headers: { accept: "application/json" }, body: undefined, timeoutMs: 30000, maxBytes: 1e8 });
  return { status: r.status, get headers() { return r.headers; }, text: r.text };
}
async function v5(ex: Exchange, url: string) { // closure only
  const r = await ex({ method: "GET", url, headers: { accept: "application/json" }, body: undefined, timeoutMs: 30000, maxBytes: 1e8 });
  return { status: r.status, header: (n: string) => r.header(n), text: r.text };
}
const V: Record<string, typeof v1> = { v1, v2, v3, v4, v5 };
async function main() {
  const srv = fork(BP + "server.mjs", [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const { port } = await new Promise<{ port: number }>((r) => srv.on("message", (m: any) => m.type === "ready" && r(m)));
  await new Promise((r) => { srv.once("message", r); srv.send({ type: "reset", mode: "off" }); });
  const origin = `http://127.0.0.1:${port}`;
  const pool = new Pool(origin, { connections: 16 });
  const ex = dispatchExchange(pool);
  const f = V[process.argv[2]!]!;
  const get = async (i: number) => { const r = await f(ex, `${origin}/rest/V1/products/SKU-${i}`); JSON.parse(r.text); return r.status; };
  async function drive(n: number) { let next = 0; await Promise.all(Array.from({ length: 16 }, async () => { while (next < n) { next++; await get(next); } })); }
  await drive(3000);
  const s = new inspector.Session(); s.connect();
  await s.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
  await drive(20000);
  const { profile } = await s.post("HeapProfiler.stopSampling");
  let total = 0; const walk = (n: any) => { total += n.selfSize; n.children.forEach(walk); }; walk(profile.head);
  console.log(process.argv[2], "promoted+live MB", (total / 2 ** 20).toFixed(1));
  srv.kill(); await pool.close(); process.exit(0);
}
void main();
