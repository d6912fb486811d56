/**
 * What metrics and tracing cost on a burst of activation callbacks: 200 genuine callbacks at once against the
 * production build (a worker in the process, SQLite), once with telemetry off (no OTLP endpoint, nobody scraping)
 * and once with both on (OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local sink that counts what it receives,
 * METRICS_PER_STORE=on, /api/ops/metrics scraped every 250 ms during the burst). The counters themselves always
 * count (prom-client increments are not switchable). One run each, off first; prints p50/p99 of the callback
 * answers and how many spans and scrapes there were. Asserts nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { startDevStore } from "../packages/devstore/src/server";
import { benchDatabase, fmt, hasBuild, pct, startApp } from "./lib/app-server";

const N = Number(process.env.BURST ?? 200);

function sink(): Promise<{ url: string; requests: () => number; bytes: () => number; close(): Promise<void> }> {
  let requests = 0;
  let bytes = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    req.on("data", (c: Buffer) => (bytes += c.length));
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  return new Promise((r) =>
    server.listen(0, "127.0.0.1", () =>
      r({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests: () => requests,
        bytes: () => bytes,
        close: () => new Promise((c) => server.close(() => c())),
      }),
    ),
  );
}

async function main(): Promise<void> {
  if (!hasBuild()) {
    console.log("skipped: no production build (run: npm run build)");
    return;
  }
  const store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const bodies: string[] = [];
  const capture: Server = createServer((req, res) => {
    let b = "";
    req.on("data", (c: Buffer) => (b += c.toString()));
    req.on("end", () => {
      bodies.push(b);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => capture.listen(0, "127.0.0.1", r));
  const captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}/cb`;
  const admin = async <T>(path: string, body: unknown): Promise<T> => {
    const r = await fetch(`${store.url}/admin/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await r.json()) as T;
  };
  for (let i = 0; i < 2 * N; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        admin<{ id: number }>("/integrations", {
          name: `T ${i + j}`,
          endpoint: captureUrl,
          identityLinkUrl: "http://127.0.0.1:1/identity",
          resources: "all",
        }),
      ),
    );
    await Promise.all(batch.map((x) => admin(`/integrations/${x.id}/activate`, {})));
  }
  const otlp = await sink();
  const opsToken = randomBytes(32).toString("base64");
  try {
    console.log(
      `Telemetry cost: ${N} concurrent activation callbacks, next start (worker in process), SQLite, one run each`,
    );
    for (const [label, on, share] of [
      ["off", false, bodies.slice(0, N)],
      ["metrics + tracing on", true, bodies.slice(N, 2 * N)],
    ] as const) {
      const db = await benchDatabase("sqlite");
      const app = await startApp(db.url, {
        OPS_TOKEN: opsToken,
        ...(on ? { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, METRICS_PER_STORE: "true" } : {}),
      });
      // warm-up: the callback route and the kit are loaded before the burst (one refused callback)
      await fetch(`${app.url}/api/integration/callback`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "warm=up",
      }).then((r) => r.text());
      let scrapes = 0;
      let scraping = on;
      const scraper = (async () => {
        while (scraping) {
          await fetch(`${app.url}/api/ops/metrics`, { headers: { Authorization: `Bearer ${opsToken}` } })
            .then((r) => r.text())
            .then(
              () => scrapes++,
              () => undefined,
            );
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      const ms: number[] = [];
      const statuses: number[] = [];
      await Promise.all(
        share.map(async (body) => {
          const t0 = performance.now();
          const r = await fetch(`${app.url}/api/integration/callback`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body,
          }).catch(() => null);
          await r?.text();
          statuses.push(r?.status ?? 0);
          ms.push(performance.now() - t0);
        }),
      );
      await new Promise((r) => setTimeout(r, 6_000)); // the exchanges run, spans are exported (batches every 5 s)
      scraping = false;
      await scraper;
      console.log(
        `  ${label.padEnd(22)} min ${fmt(Math.min(...ms))}, p50 ${fmt(pct(ms, 50))}, p99 ${fmt(pct(ms, 99))}; answered 200: ${statuses.filter((s) => s === 200).length}/${N}` +
          (on
            ? `; OTLP requests ${otlp.requests()} (${(otlp.bytes() / 1024).toFixed(0)} KiB), scrapes ${scrapes}`
            : ""),
      );
      await app.stop();
      await db.dispose();
    }
  } finally {
    await otlp.close();
    await new Promise<void>((r) => capture.close(() => r()));
    await store.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
