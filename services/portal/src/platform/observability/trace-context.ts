/**
 * The seam for tracing (issue 12's OpenTelemetry part, not built yet): every log line carries what
 * this returns, so once a tracer is wired it sets a source that reads the active span and every
 * line then names its trace and span. Until then it adds nothing.
 */
export type TraceFields = () => Readonly<Record<string, string>>;

const none: TraceFields = () => ({});
let source: TraceFields = none;

/** Sets where log lines read their trace fields from (e.g. `{ traceId, spanId }` of the active span). */
export function setTraceFieldsSource(next: TraceFields | null): void {
  source = next ?? none;
}

export function traceFields(): Readonly<Record<string, string>> {
  return source();
}
