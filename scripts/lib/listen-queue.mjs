// Closing a listening socket resets every connection the kernel completed but the process has not accepted yet
// (its accept queue): those clients see ECONNRESET, not a refusal a load balancer retries. A burst of callbacks
// that arrives while the event loop is busy leaves dozens there. So the listener is closed only once the queue is
// empty: on Linux its length is read from /proc/net/tcp (rx_queue of the LISTEN line), and while it is not empty
// the loop runs on for RETRY_MS, its I/O phase accepting what is queued. Elsewhere (no /proc), one turn is run.
import { closeSync, openSync, readSync } from "node:fs";
import net from "node:net";

const LISTEN = "0A";
// a short timer, not setImmediate: in a chain of immediates each loop turn accepts only one queued connection
const RETRY_MS = 5;

/** Connections waiting in the kernel's accept queue of the listener on `port`, or null when it cannot be read. */
export function acceptQueueLength(port, family) {
  const file = family === "IPv6" ? "/proc/net/tcp6" : "/proc/net/tcp";
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  let fd;
  try {
    fd = openSync(file, "r");
  } catch {
    return null;
  }
  try {
    // listening sockets come first in the file: read until the line is found, not the whole table
    const chunk = Buffer.alloc(16384);
    let text = "";
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) return null;
      text += chunk.toString("latin1", 0, n);
      const lines = text.split("\n");
      text = lines.pop();
      for (const line of lines) {
        // sl local_address rem_address st tx_queue:rx_queue …
        const [, local, , st, queues] = line.trim().split(/\s+/);
        if (st === LISTEN && local?.endsWith(portHex)) return parseInt(queues.split(":")[1], 16);
      }
    }
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Closes `server`'s listener (not its connections) once its accept queue is empty, or after `maxWaitMs` of a queue
 * that keeps refilling (a flood), then calls `done(waitedMs)`.
 */
export function closeListenerWhenQueueEmpty(server, maxWaitMs, done) {
  const address = server.address();
  const since = Date.now();
  const attempt = () => {
    const queued = address && typeof address === "object" ? acceptQueueLength(address.port, address.family) : null;
    if (queued === 0 || queued === null || Date.now() - since >= maxWaitMs) {
      // net's close, not http's: http's also destroys connections that have not sent their request yet (http-drain.mjs)
      net.Server.prototype.close.call(server);
      done(Date.now() - since);
    } else setTimeout(attempt, RETRY_MS);
  };
  // the first check after one turn of the loop: its I/O phase accepts what is queued now
  setImmediate(attempt);
}
