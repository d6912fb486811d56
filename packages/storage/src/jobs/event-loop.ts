import { monitorEventLoopDelay } from "node:perf_hooks";

/**
 * Is this process's event loop busy right now? A worker inside the web process asks before it starts another
 * job: while requests queue up (a burst of activation callbacks, each waiting on the loop), it waits, so its
 * work (synchronous on SQLite) never delays an answer the store is timing. Measured as the recent event-loop
 * delay; cheap (one histogram sampled by Node).
 */
export function eventLoopBusy(opts: { thresholdMs?: number; windowMs?: number } = {}): () => boolean {
  const threshold = (opts.thresholdMs ?? 30) * 1e6;
  const windowMs = opts.windowMs ?? 200;
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  let busy = false;
  const t = setInterval(() => {
    busy = h.max > threshold;
    h.reset();
  }, windowMs);
  t.unref();
  return () => busy;
}
