/** Operations: Prometheus metrics, readiness, OpenTelemetry traces (docs/operations.md). */
export { metrics, type KitMetrics, type ScrapeSources } from "./metrics";
export { readinessCheck, WORKER_BEAT_WITHIN_MS, type Readiness, type ReadinessChecks } from "./readiness";
export { serveMetrics, type MetricsServer } from "./metrics-server";
export { opsRefusal } from "./ops-token";
export { watchStoreCalls } from "./store-calls";
export { startTracing, stopTracing, tracingOn } from "./tracing";
