/** @magento-integration/storage/ops: operations: Prometheus metrics, readiness, OpenTelemetry traces, the ops token (docs/operations.md). */
export * from "./metrics-server.ts";
export * from "./metrics.ts";
export * from "./ops-token.ts";
export * from "./readiness.ts";
export * from "./store-calls.ts";
export * from "./tracing.ts";
