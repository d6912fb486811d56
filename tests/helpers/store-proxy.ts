/**
 * A transparent proxy in front of a dev store, for tests and benchmarks: it keeps the Host header (the store
 * verifies signatures against the URL the client signed: the proxy's), counts token calls per consumer key, and
 * can park the access-token or request-token calls (they reach the store only when released, and never if the
 * caller died).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenLocal } from "./servers";

export interface StoreProxy {
  url: string;
  /** Request-token calls per consumer key that reached the store. */
  requestTokenCalls: Map<string, number>;
  accessTokenCalls: Map<string, number>;
  /** Every token call's answer, in order: what a failed count is explained by (a 401 the kit signed again, a 503). */
  tokenAnswers: Array<{ endpoint: TokenEndpoint; consumerKey: string; status: number }>;
  /** Token calls waiting (parked) whose caller is still connected. */
  parked(): number;
  parkAccess(on: boolean): void;
  /** Parks (or releases) the calls to one token endpoint. */
  park(endpoint: TokenEndpoint, on: boolean): void;
  close(): Promise<void>;
}

export type TokenEndpoint = "request" | "access";

function consumerKeyOf(req: IncomingMessage): string {
  return /oauth_consumer_key="([^"]+)"/.exec(String(req.headers.authorization ?? ""))?.[1] ?? "?";
}

export async function startStoreProxy(upstream: string): Promise<StoreProxy> {
  const target = new URL(upstream);
  const requestTokenCalls = new Map<string, number>();
  const accessTokenCalls = new Map<string, number>();
  const tokenAnswers: StoreProxy["tokenAnswers"] = [];
  const parking = new Set<TokenEndpoint>();
  const waiting = new Map<() => void, TokenEndpoint>();
  const endpointOf = (req: IncomingMessage): TokenEndpoint | undefined =>
    req.url?.includes("/oauth/token/request")
      ? "request"
      : req.url?.includes("/oauth/token/access")
        ? "access"
        : undefined;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const endpoint = endpointOf(req);
    const calls = endpoint === "request" ? requestTokenCalls : endpoint === "access" ? accessTokenCalls : undefined;
    calls?.set(consumerKeyOf(req), (calls.get(consumerKeyOf(req)) ?? 0) + 1);
    const up = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        if (endpoint) tokenAnswers.push({ endpoint, consumerKey: consumerKeyOf(req), status: r.statusCode ?? 0 });
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on("error", () => res.writeHead(502).end());
    up.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const endpoint = endpointOf(req);
      if (endpoint && parking.has(endpoint)) {
        const go = () => {
          waiting.delete(go);
          if (!req.socket.destroyed) forward(req, res, body);
        };
        waiting.set(go, endpoint);
        // the caller died (kill -9) while parked: the store never sees this call
        req.socket.once("close", () => waiting.delete(go));
        return;
      }
      forward(req, res, body);
    });
  });
  const park = (endpoint: TokenEndpoint, on: boolean): void => {
    if (on) parking.add(endpoint);
    else parking.delete(endpoint);
    if (!on) for (const [go, e] of [...waiting]) if (e === endpoint) go();
  };
  const port = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    requestTokenCalls,
    accessTokenCalls,
    tokenAnswers,
    parked: () => waiting.size,
    parkAccess: (on) => park("access", on),
    park,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
