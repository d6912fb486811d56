/**
 * Servers in tests listen on 127.0.0.1 and a free port chosen by the system (other test runs share the machine),
 * and are closed by whoever started them.
 */
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";

/** Starts `server` on 127.0.0.1 and a free port; returns the port. */
export async function listenLocal(server: Pick<Server, "listen" | "address">): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return (server.address() as AddressInfo).port;
}

export function closeServer(server: Pick<Server, "close">): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port free right now, for a child process that binds it itself (`next start -p`). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenLocal(probe);
  await closeServer(probe);
  return port;
}
