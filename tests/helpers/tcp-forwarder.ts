/**
 * A database outage for tests: a port on 127.0.0.1 that forwards connections to `target` while open, and refuses
 * them while closed. Closing also cuts every forwarded connection, as a server restart or failover does.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import { closeServer } from "./servers";

export interface TcpForwarder {
  /** Starts forwarding (again) on the same port. */
  open(): Promise<void>;
  /** Cuts every forwarded connection and refuses new ones. */
  close(): Promise<void>;
}

export function tcpForwarder(port: number, target: { host: string; port: number }): TcpForwarder {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  return {
    open: () =>
      new Promise<void>((resolve, reject) => {
        const s = createServer((client) => {
          const up = connect(target.port, target.host);
          for (const c of [client, up]) {
            sockets.add(c);
            c.on("error", () => undefined).on("close", () => sockets.delete(c));
          }
          client.pipe(up).pipe(client);
        });
        s.once("error", reject);
        s.listen(port, "127.0.0.1", () => resolve());
        server = s;
      }),
    async close() {
      for (const s of sockets) s.destroy();
      if (server) await closeServer(server);
      server = null;
    },
  };
}
