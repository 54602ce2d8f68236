import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { activeCause, causeFrom, type Cause } from './cause';

/**
 * OpenTelemetry traces (issue 12): one trace from an HTTP request through the command it runs,
 * the events it appends, the projections and reactors that read those events, and the jobs they
 * enqueue. The trace context crosses the event log in each event's `metadata.traceparent` (W3C
 * Trace Context) and the job queue in the job's data (`JOB_TRACE_KEY`). Without an OTLP
 * endpoint nothing is registered and every call here is the API's no-op.
 */

const TRACER = 'portal';

export interface TracingOptions {
  /** OTLP/HTTP base URL (`OTEL_EXPORTER_OTLP_ENDPOINT`); spans go to `{url}/v1/traces`. */
  readonly endpoint: string;
  readonly serviceName: string;
}

export interface Tracing {
  /** Sends every finished span now. */
  flush(): Promise<void>;
  /** Flushes, then unregisters the global provider (tests start and stop it per suite). */
  shutdown(): Promise<void>;
}

/** Registers the global tracer provider exporting over OTLP/HTTP (JSON). */
export function startTracing(options: TracingOptions): Tracing {
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 500 })],
  });
  // Also sets the W3C Trace Context propagator and the AsyncLocalStorage context manager.
  provider.register();
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

function tracer() {
  return trace.getTracer(TRACER);
}

/** The active span's trace and span ids (for log lines), or nothing when nothing is being traced. */
export function activeTraceIds(): { traceId: string; spanId: string } | Record<string, never> {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : {};
}

/** The active span's W3C `traceparent`, or undefined when nothing is being traced. */
export function activeTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a `traceparent` names (the root context when there is none). */
export function contextOf(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/** The context an incoming request's headers carry (`traceparent`, `tracestate`). */
export function contextOfHeaders(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

export interface SpanOptions {
  readonly kind?: SpanKind;
  readonly attributes?: Attributes;
  /** The parent; the active context when omitted. */
  readonly parent?: Context;
}

/** Runs `work` inside a new active span; an error marks the span and is rethrown. */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Starts a span that the caller ends (an HTTP request ends when its response has been sent). */
export function startSpan(name: string, options: SpanOptions): { span: Span; context: Context } {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `work` with `ctx` active (for callbacks that continue a request's trace). */
export function withContext<T>(ctx: Context, work: () => T): T {
  return context.with(ctx, work);
}

/**
 * A batch of events applied at once (a projection's batch): one span per trace the batch's events
 * belong to, each a child of the span that appended them, lasting as long as the batch. When they
 * all belong to one trace (a reactor handles one event at a time), that span is active in `work`,
 * so the jobs it enqueues carry it on.
 */
export async function inEventSpans<T>(
  name: string,
  events: readonly { readonly metadata: object }[],
  work: () => Promise<T>,
): Promise<T> {
  const parents = new Set<string>();
  for (const event of events) {
    const traceparent = (event.metadata as { traceparent?: unknown }).traceparent;
    if (typeof traceparent === 'string') parents.add(traceparent);
  }
  if (parents.size === 0) return work();
  const started = [...parents].map((traceparent) =>
    startSpan(name, { parent: contextOf(traceparent), attributes: { 'portal.events': events.length } }),
  );
  const spans = started.map((s) => s.span);
  try {
    return await (started.length === 1 ? context.with(started[0]!.context, work) : work());
  } catch (error) {
    for (const span of spans) span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}

/** Where a job's data carries the trace of what enqueued it. */
export const JOB_TRACE_KEY = '_traceparent';
/** Where a job's data carries the cause (correlation and causation) of what enqueued it. */
export const JOB_CAUSE_KEY = '_cause';

/**
 * The job's data with the active trace and the cause held now added (object data only; other
 * data is left as it is). Data that carries them already (a job the outbox relay hands on) keeps
 * its own.
 */
export function traceJobData(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const traceparent = activeTraceparent();
  const cause = activeCause();
  const added: Record<string, unknown> = {};
  if (traceparent && !(JOB_TRACE_KEY in data)) added[JOB_TRACE_KEY] = traceparent;
  if (cause && !(JOB_CAUSE_KEY in data)) added[JOB_CAUSE_KEY] = cause;
  return Object.keys(added).length === 0 ? data : { ...data, ...added };
}

/** The job's own data (trace and cause taken out), the context to run it in, and its cause. */
export function untraceJobData(data: unknown): { data: unknown; parent: Context; cause: Cause | undefined } {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { data, parent: ROOT_CONTEXT, cause: undefined };
  }
  const { [JOB_TRACE_KEY]: traceparent, [JOB_CAUSE_KEY]: cause, ...rest } = data as Record<string, unknown>;
  if (traceparent === undefined && cause === undefined)
    return { data, parent: ROOT_CONTEXT, cause: undefined };
  return {
    data: rest,
    parent: contextOf(typeof traceparent === 'string' ? traceparent : undefined),
    cause: causeFrom(cause),
  };
}

export { SpanKind };
