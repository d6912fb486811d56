/**
 * A transparent proxy in front of a dev store, for tests and benchmarks: it keeps the Host header (the store
 * verifies signatures against the URL the client signed: the proxy's), counts token calls per consumer key, and
 * can park the access-token calls (they reach the store only when released, and never if the caller died).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenLocal } from "./servers";

export interface StoreProxy {
  url: string;
  /** Request-token calls per consumer key that reached the store. */
  requestTokenCalls: Map<string, number>;
  accessTokenCalls: Map<string, number>;
  /** Access-token calls waiting (parked) whose caller is still connected. */
  parked(): number;
  parkAccess(on: boolean): void;
  close(): Promise<void>;
}

function consumerKeyOf(req: IncomingMessage): string {
  return /oauth_consumer_key="([^"]+)"/.exec(String(req.headers.authorization ?? ""))?.[1] ?? "?";
}

export async function startStoreProxy(upstream: string): Promise<StoreProxy> {
  const target = new URL(upstream);
  const requestTokenCalls = new Map<string, number>();
  const accessTokenCalls = new Map<string, number>();
  let park = false;
  const waiting = new Set<() => void>();

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    if (req.url?.includes("/oauth/token/request")) requestTokenCalls.set(consumerKeyOf(req), (requestTokenCalls.get(consumerKeyOf(req)) ?? 0) + 1);
    if (req.url?.includes("/oauth/token/access")) accessTokenCalls.set(consumerKeyOf(req), (accessTokenCalls.get(consumerKeyOf(req)) ?? 0) + 1);
    const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on("error", () => res.writeHead(502).end());
    up.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (park && req.url?.includes("/oauth/token/access")) {
        const go = () => {
          waiting.delete(go);
          if (!req.socket.destroyed) forward(req, res, body);
        };
        waiting.add(go);
        // the caller died (kill -9) while parked: the store never sees this call
        req.socket.once("close", () => waiting.delete(go));
        return;
      }
      forward(req, res, body);
    });
  });
  const port = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    requestTokenCalls,
    accessTokenCalls,
    parked: () => waiting.size,
    parkAccess(on) {
      park = on;
      if (!on) for (const go of [...waiting]) go();
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
