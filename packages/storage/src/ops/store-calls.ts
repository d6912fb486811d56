/**
 * Counts and times every outbound HTTP call the process makes through undici (the kit's store and portal calls,
 * on the guarded dispatcher or a governed fetch alike), from undici's diagnostics channels: no wrapper in the call
 * path, nothing to forget. Each call also gets a client span when tracing is on (packages/storage/src/ops/tracing.ts). Only the
 * origin is read from a request (never its path, query or headers: they can carry tokens), and only as a label
 * when METRICS_PER_STORE=on.
 */
import diagnostics from "node:diagnostics_channel";
import { metrics, statusClass } from "./metrics.ts";
import { startClientSpan, type EndSpan } from "./tracing.ts";

interface UndiciRequest {
  origin?: string | URL;
  method?: string;
}

const holder = globalThis as unknown as { __kitStoreCalls?: { perStore: boolean } };

/** Subscribes once per process; later calls only change `perStore`. */
export function watchStoreCalls(opts: { perStore: boolean }): void {
  if (holder.__kitStoreCalls) {
    holder.__kitStoreCalls.perStore = opts.perStore;
    return;
  }
  const state = (holder.__kitStoreCalls = { perStore: opts.perStore });
  const started = new WeakMap<object, { at: number; store: string; end: EndSpan | null }>();
  const finish = (request: object, status: number | null) => {
    const s = started.get(request);
    if (!s) return;
    started.delete(request);
    const labels = { status_class: statusClass(status), store: s.store };
    const m = metrics();
    m.storeCalls.inc(labels);
    m.storeCallSeconds.observe(labels, (performance.now() - s.at) / 1000);
    s.end?.(status);
  };
  diagnostics.subscribe("undici:request:create", (message) => {
    const request = (message as { request: UndiciRequest }).request;
    const origin = request.origin ? new URL(String(request.origin)) : null;
    const store = state.perStore && origin ? origin.host : "";
    started.set(request, { at: performance.now(), store, end: startClientSpan(request.method ?? "GET", origin) });
  });
  diagnostics.subscribe("undici:request:headers", (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    finish(request, response.statusCode);
  });
  diagnostics.subscribe("undici:request:error", (message) => finish((message as { request: object }).request, null));
}
