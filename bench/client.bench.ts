/**
 * Signed REST calls per second with lib/magento against a local node:http server (127.0.0.1:0, keep-alive),
 * next to plain unsigned fetch on the same server, and the client's own CPU cost with a stub fetch.
 * No assertions: it prints figures. Run alone: `npx tsx bench/client.bench.ts`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createMagentoClient, searchCriteria, listFields } from "@/lib/magento";

const DURATION_MS = Number(process.env.BENCH_MS ?? 2000);
const BODY = JSON.stringify({ items: [{ sku: "24-MB01", name: "Joust Duffle Bag" }], search_criteria: {}, total_count: 1 });

async function main(): Promise<void> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(BODY) });
      res.end(BODY);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const auth = {
    kind: "oauth" as const,
    consumerKey: "a6aa81cc3e65e2960a4879392445e718",
    consumerSecret: "uc83htqfl8q7uvq8qwjo67pfghvm8il2",
    accessToken: "0lnuajnuzeei2o8xcddii5us77xnb6v0",
    accessTokenSecret: "1c6d2hycnir5ygf39fycs6zhtaagx8pd",
  };
  const criteria = searchCriteria().where("created_at", "gt", "2024-10-25 00:00:00").sortBy("entity_id").pageSize(20).build();
  const fieldsValue = listFields("sku", "name");

  async function run(label: string, concurrency: number, once: () => Promise<unknown>): Promise<void> {
    for (let i = 0; i < 200; i++) await once(); // warm-up (JIT, sockets)
    let count = 0;
    const latencies: number[] = [];
    const deadline = performance.now() + DURATION_MS;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const t = performance.now();
          await once();
          latencies.push(performance.now() - t);
          count++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(3);
    console.log(
      `${label.padEnd(52)} ${(count / elapsed).toFixed(0).padStart(7)} req/s   p50 ${p(0.5)} ms   p99 ${p(0.99)} ms   (${count} requests)`,
    );
  }

  const client = createMagentoClient({ baseUrl: base, auth });
  const req = () => client.request({ method: "GET", path: "/V1/products", searchCriteria: criteria, fields: fieldsValue });
  // the plain rows fetch the very URL the client sends (same query, same response), only without signing
  const url = (await req()).url;
  const plain = async () => (await fetch(url, { headers: { accept: "application/json" } })).json();

  console.log(`Node ${process.version}, ${DURATION_MS} ms per row, local keep-alive server, every row GET ${new URL(url).pathname} with the same ${new URL(url).searchParams.size}-parameter query`);
  await run("plain fetch, unsigned, concurrency 1", 1, plain);
  await run("client.request, OAuth signed, concurrency 1", 1, req);
  await run("plain fetch, unsigned, concurrency 16", 16, plain);
  await run("client.request, OAuth signed, concurrency 16", 16, req);

  // The client's own cost: URL building, query encoding, signing, response parsing — no network.
  const stubResponse = () => new Response(BODY, { status: 200, headers: { "content-type": "application/json" } });
  const stub = createMagentoClient({ baseUrl: base, auth, fetch: (async () => stubResponse()) as typeof fetch });
  await run("client.request with a stub fetch (CPU only)", 1, () =>
    stub.request({ method: "GET", path: "/V1/products", searchCriteria: criteria, fields: fieldsValue }),
  );

  server.close();
}

void main();
