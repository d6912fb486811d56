import type { Dispatcher } from "undici";
import { createMagentoClient, searchCriteria } from "@/lib/magento";
const BODY = Buffer.from(JSON.stringify({ id: 42, sku: "SKU-1", name: "Driven Backpack", price: 36, status: 1, extension_attributes: { website_ids: [1] } }));
const HEADERS = { "content-type": "application/json; charset=utf-8", "content-length": String(BODY.length) };
const fake = {
  dispatch(_opts: Dispatcher.DispatchOptions, h: Dispatcher.DispatchHandler) {
    const c = { abort() {}, pause() {}, resume() {}, aborted: false, paused: false, reason: null } as unknown as Dispatcher.DispatchController;
    queueMicrotask(() => { h.onRequestStart?.(c, {}); h.onResponseStart?.(c, 200, HEADERS, "OK"); h.onResponseData?.(c, BODY); h.onResponseEnd?.(c, {}); });
    return true;
  },
} as unknown as Dispatcher;
const client = createMagentoClient({
  baseUrl: "http://127.0.0.1:41234/",
  auth: { kind: "oauth", consumerKey: "a6aa81cc3e65e2960a4879392445e718", consumerSecret: "uc83htqfl8q7uvq8qwjo67pfghvm8il2", accessToken: "0lnuajnuzeei2o8xcddii5us77xnb6v0", accessTokenSecret: "1c6d2hycnir5ygf39fycs6zhtaagx8pd" },
  signature: { method: "HMAC-SHA256", mode: "standard" },
  dispatcher: fake,
});
const sku = (i: number) => client.request({ method: "GET", path: `/V1/products/SKU-${i}` });
const list = () => client.request({ method: "GET", path: "/V1/products", searchCriteria: searchCriteria().where("created_at", "gt", "2024-10-25 00:00:00").pageSize(5) });
async function bench(name: string, f: (i: number) => Promise<unknown>, n = 100000) {
  for (let i = 0; i < 20000; i++) await f(i);
  let best = Infinity;
  for (let r = 0; r < 5; r++) { const t = performance.now(); for (let i = 0; i < n; i++) await f(i); best = Math.min(best, (performance.now() - t) * 1000 / n); }
  console.log(name.padEnd(20), best.toFixed(2), "µs/call");
}
async function main() { const only = process.argv[2]; if (only !== "list") await bench("sku", sku); if (only !== "sku") await bench("list", list, 50000); }
void main();
