// The graceful stop of one node:http server (scripts/web.mjs; docs/operations.md, "Graceful stop"): the listening
// socket closes first, so new connections are refused (a load balancer retries them elsewhere), and every connection
// already accepted gets its answer. Node's own server.close() is not used: it also destroys every connection with no
// request in progress, which includes one just accepted whose request is still in the kernel's buffer, and the
// client sees a reset. Here:
//   - a request in flight is answered, with `Connection: close` when its headers are not sent yet;
//   - a keep-alive connection between requests is closed (after its answer, for one answered during the stop);
//   - a connection accepted but silent so far gets FIRST_REQUEST_WAIT_MS (from the listener's close) to send its
//     request, which is answered;
//   - whatever is still open when the grace ends is cut.
import { closeListenerWhenQueueEmpty } from "./listen-queue.mjs";

/** How long a connection accepted before the stop may stay silent before it is closed (docs/operations.md). */
export const FIRST_REQUEST_WAIT_MS = 2000;
const SWEEP_MS = 50;

/**
 * Starts tracking `server`'s connections (call before it listens). `drain(graceMs, onListenerClosed)` stops it;
 * resolves true when every connection ended in time, false when the grace ran out and the rest were cut.
 * `onListenerClosed(waitedMs)`: the listener is closed, after accepting what the kernel had queued for waitedMs.
 */
export function drainable(server) {
  /** socket → { acceptedAt, inFlight, served, readAtIdle, res } */
  const conns = new Map();
  let stoppedAt = null;
  let closedAt = null;

  server.on("connection", (socket) => {
    conns.set(socket, { acceptedAt: Date.now(), inFlight: 0, served: 0, readAtIdle: 0, res: null });
    socket.once("close", () => conns.delete(socket));
  });
  // an upgraded socket (WebSocket) leaves HTTP: nothing to answer on it
  server.on("upgrade", (_req, socket) => conns.delete(socket));
  server.on("request", (req, res) => {
    const conn = conns.get(req.socket);
    if (!conn) return;
    conn.inFlight++;
    conn.res = res;
    if (stoppedAt !== null) res.shouldKeepAlive = false;
    res.once("close", () => {
      conn.inFlight--;
      conn.served++;
      conn.res = null;
      conn.readAtIdle = req.socket.bytesRead;
      if (closedAt !== null) sweep();
    });
  });

  /** Closes what can be closed now; the rest closes itself after its answer, or is waited for. */
  function sweep() {
    for (const [socket, conn] of conns) {
      if (conn.inFlight > 0) {
        // answered with Connection: close, so the client does not send another request on it
        if (conn.res && !conn.res.headersSent) conn.res.shouldKeepAlive = false;
        continue;
      }
      // bytes read since the last answer (or at all, on a fresh connection): a request is arriving, wait for it
      if (socket.bytesRead !== conn.readAtIdle) continue;
      const silentMs = Date.now() - Math.max(conn.acceptedAt, closedAt);
      if (conn.served > 0 || silentMs >= FIRST_REQUEST_WAIT_MS) socket.destroy();
    }
  }

  return {
    drain(graceMs, onListenerClosed = () => {}) {
      stoppedAt = Date.now();
      return new Promise((resolve) => {
        let timer;
        const finish = (clean) => {
          clearInterval(timer);
          clearTimeout(force);
          resolve(clean);
        };
        const force = setTimeout(() => {
          for (const socket of conns.keys()) socket.destroy();
          finish(false);
        }, graceMs);
        // half the grace at most for the queue, the rest for what was accepted
        closeListenerWhenQueueEmpty(server, graceMs / 2, (waitedMs) => {
          closedAt = Date.now();
          onListenerClosed(waitedMs);
          // sweeps run after the loop's I/O phase (setImmediate), so bytes already in the kernel are read first
          const tick = () =>
            setImmediate(() => {
              sweep();
              if (conns.size === 0) finish(true);
            });
          tick();
          timer = setInterval(tick, SWEEP_MS);
        });
      });
    },
  };
}
