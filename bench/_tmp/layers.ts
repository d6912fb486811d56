import inspector from "node:inspector/promises";
import { fork } from "node:child_process";
import { Pool } from "undici";
import { dispatchExchange } from "@/lib/magento/dispatch-exchange";
import { send, transportDeps } from "@/lib/magento/transport";
import { createMagentoClient } from "@/lib/magento";
const BP = "/tmp/tmp.nZi1g6aSq9/bench-peers/";
async function main() {
  const srv = fork(BP + "server.mjs", [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const { port } = await new Promise<{ port: number }>((r) => srv.on("message", (m: any) => m.type === "ready" && r(m)));
  await new Promise((r) => { srv.once("message", r); srv.send({ type: "reset", mode: "off" }); });
  const origin = `http://127.0.0.1:${port}`;
  const pool = new Pool(origin, { connections: 16 });
  const ex = dispatchExchange(pool);
  const deps = transportDeps({ dispatcher: pool });
  const client = createMagentoClient({ baseUrl: origin + "/", auth: { kind: "oauth", consumerKey: "a6aa81cc3e65e2960a4879392445e718", consumerSecret: "uc83htqfl8q7uvq8qwjo67pfghvm8il2", accessToken: "0lnuajnuzeei2o8xcddii5us77xnb6v0", accessTokenSecret: "1c6d2hycnir5ygf39fycs6zhtaagx8pd" }, dispatcher: pool });
  const mode = process.argv[2];
  const get = async (i: number): Promise<number> => {
    const url = `${origin}/rest/V1/products/SKU-${i}`;
    if (mode === "exchange") { const r = await ex({ method: "GET", url, headers: { accept: "application/json" }, body: undefined, timeoutMs: 30000, maxBytes: 1e8 }); JSON.parse(r.text); return r.status; }
    if (mode === "send") { const r = await send({ method: "GET", url, headers: () => ({ accept: "application/json" }), retry: true }, deps); JSON.parse(r.text); return r.status; }
    const r = await client.request({ method: "GET", path: `/V1/products/SKU-${i}` }); return r.status;
  };
  async function drive(n: number) { let next = 0; await Promise.all(Array.from({ length: 16 }, async () => { while (next < n) { next++; await get(next); } })); }
  await drive(3000);
  const s = new inspector.Session(); s.connect();
  await s.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
  const t0 = performance.now(); await drive(20000); const ms = performance.now() - t0;
  const { profile } = await s.post("HeapProfiler.stopSampling");
  let total = 0; const walk = (n: any) => { total += n.selfSize; n.children.forEach(walk); }; walk(profile.head);
  console.log(mode, "promoted+live MB", (total / 2 ** 20).toFixed(1), "req/s", (20000 / ms * 1000).toFixed(0));
  srv.kill(); await pool.close(); process.exit(0);
}
void main();
