/**
 * A worker's own metrics over HTTP (`npm run worker` has no web server): `GET /metrics`, Prometheus text, to
 * `Authorization: Bearer <OPS_TOKEN>` only, on WORKER_METRICS_PORT. Nothing else is served; every other path is 404.
 * Written on node:http rather than a framework: one route, no body to parse.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { metrics } from "./metrics.ts";
import { opsRefusal } from "./ops-token.ts";

export interface MetricsServer {
  /** The address it listens on, e.g. `http://127.0.0.1:9464`. */
  url: string;
  close(): Promise<void>;
}

export async function serveMetrics(o: { host: string; port: number; token: string }): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: string, type = "application/json") =>
      void res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" }).end(body);
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics") return reply(404, JSON.stringify({ error: "Not found: the worker serves GET /metrics." }));
    if (req.method !== "GET") return reply(405, JSON.stringify({ error: "Use GET." }));
    const refused = opsRefusal(req.headers.authorization, o.token);
    if (refused) return reply(refused.status, JSON.stringify({ error: refused.error }));
    const registry = metrics().registry;
    registry.metrics().then(
      (text) => reply(200, text, registry.contentType),
      () => reply(500, JSON.stringify({ error: "The metrics could not be collected; see the worker's log." })),
    );
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
