/**
 * OpenTelemetry traces, off unless an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; the exporter reads the other standard OTEL_* settings itself). A trace spans
 * activation callback → job → token exchange → store calls: a job carries its sender's trace context in its data
 * (`traceparent`, ignored by the kinds' schemas), so a worker in another process continues the same trace.
 *
 * No secret in any attribute: spans take only the attributes named in SpanAttributes (job kind and id, outcome,
 * an installation id, HTTP method, a store's host and a status), never a form field, header, path or query.
 */
import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from "@opentelemetry/api";

/** The only attributes a span may carry (checked by the compiler, and by the no-secret test). */
export interface SpanAttributes {
  "job.kind"?: string;
  "job.id"?: string;
  "job.attempt"?: number;
  "kit.outcome"?: string;
  "kit.installation_id"?: string;
  "http.request.method"?: string;
  "http.response.status_code"?: number;
  "server.address"?: string;
}

const TRACER = "magento-integration-kit";
const holder = globalThis as unknown as { __kitTracing?: { on: boolean; shutdown: () => Promise<void> } };

/** Is a tracer provider registered in this process (startTracing ran with an endpoint or an exporter)? */
export function tracingOn(): boolean {
  return holder.__kitTracing?.on ?? false;
}

export interface TracingOptions {
  /** Defaults to the process environment. */
  env?: Record<string, string | undefined>;
  serviceName: string;
  /** Tests: where spans go instead of OTLP (a SpanExporter of @opentelemetry/sdk-trace-base). */
  exporter?: import("@opentelemetry/sdk-trace-base").SpanExporter;
}

/**
 * Starts tracing for this process when an OTLP endpoint is set (or an exporter is given); otherwise does nothing
 * and every span below costs a no-op. Idempotent. Returns whether tracing is on.
 */
export async function startTracing(o: TracingOptions): Promise<boolean> {
  if (holder.__kitTracing) return holder.__kitTracing.on;
  const env = o.env ?? process.env;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint && !o.exporter) {
    holder.__kitTracing = { on: false, shutdown: async () => {} };
    return false;
  }
  const [{ NodeTracerProvider }, { BatchSpanProcessor, SimpleSpanProcessor }, { resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/sdk-trace-base"),
      import("@opentelemetry/resources"),
    ]);
  const processor = o.exporter
    ? new SimpleSpanProcessor(o.exporter)
    : new BatchSpanProcessor(new (await import("@opentelemetry/exporter-trace-otlp-http")).OTLPTraceExporter());
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME?.trim() || o.serviceName }),
    spanProcessors: [processor],
  });
  provider.register();
  holder.__kitTracing = { on: true, shutdown: () => provider.shutdown() };
  return true;
}

/** Sends the spans still buffered (a process that stops). */
export async function stopTracing(): Promise<void> {
  await holder.__kitTracing?.shutdown().catch(() => undefined);
}

/** Runs `fn` in a span (a child of the active one, or of `parent`); the span records a thrown error's class only. */
export async function withSpan<T>(
  name: string,
  attributes: SpanAttributes,
  fn: (span: Span) => Promise<T>,
  parent?: Context,
): Promise<T> {
  if (!tracingOn()) return fn(trace.wrapSpanContext({ traceId: "", spanId: "", traceFlags: 0 }));
  const tracer = trace.getTracer(TRACER);
  return tracer.startActiveSpan(name, { attributes: { ...attributes } }, parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      // the class only: a message can quote what a store answered
      span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.name : "error" });
      throw e;
    } finally {
      span.end();
    }
  });
}

/** Sets allowed attributes on a span (see SpanAttributes). */
export function annotate(span: Span, attributes: SpanAttributes): void {
  span.setAttributes({ ...attributes });
}

export type EndSpan = (status: number | null) => void;

/** A client span for one outbound HTTP call (store calls, packages/storage/src/ops/store-calls.ts), or null when tracing is off. */
export function startClientSpan(method: string, origin: URL | null): EndSpan | null {
  if (!tracingOn()) return null;
  const attributes: SpanAttributes = {
    "http.request.method": method,
    ...(origin ? { "server.address": origin.host } : {}),
  };
  const span = trace
    .getTracer(TRACER)
    .startSpan(`${method} store`, { kind: SpanKind.CLIENT, attributes: { ...attributes } }, context.active());
  return (status) => {
    if (status === null) span.setStatus({ code: SpanStatusCode.ERROR, message: "network error" });
    else span.setAttribute("http.response.status_code", status);
    span.end();
  };
}

/** The active trace context as a W3C traceparent, to store in a job's data; undefined when tracing is off. */
export function currentTraceparent(): string | undefined {
  if (!tracingOn()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a job's `traceparent` names (its sender's span), for the job's own span. */
export function contextFromTraceparent(traceparent: unknown): Context | undefined {
  if (!tracingOn() || typeof traceparent !== "string") return undefined;
  return propagation.extract(context.active(), { traceparent });
}
