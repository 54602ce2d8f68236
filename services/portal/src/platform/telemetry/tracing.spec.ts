import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { activeCause, loggedCause, withCause, withoutCause } from './cause';
import {
  activeTraceIds,
  inSpan,
  JOB_CAUSE_KEY,
  JOB_TRACE_KEY,
  traceJobData,
  untraceJobData,
} from './tracing';

/* How a job carries the trace that enqueued it, in both queue adapters' data (JOB_TRACE_KEY). */
describe('a job carries its trace in its data', () => {
  const exporter = new InMemorySpanExporter();
  beforeAll(() => new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register());
  afterAll(() => {
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it('adds the active span to object data and gives it back as the parent of the run', async () => {
    const enqueued = await inSpan('react', {}, async (span) => {
      const data = traceJobData({ staffId: 3 });
      expect(data).toEqual({
        staffId: 3,
        [JOB_TRACE_KEY]: expect.stringContaining(span.spanContext().spanId),
      });
      return data;
    });
    const { data, parent } = untraceJobData(JSON.parse(JSON.stringify(enqueued)));
    expect(data).toEqual({ staffId: 3 });
    await inSpan('job', { parent }, async () => undefined);
    const [react, job] = exporter.getFinishedSpans();
    expect(job.parentSpanContext?.spanId).toBe(react.spanContext().spanId);
    expect(job.spanContext().traceId).toBe(react.spanContext().traceId);
  });

  it('leaves data alone when nothing is traced or it is not an object', () => {
    expect(traceJobData({ staffId: 3 })).toEqual({ staffId: 3 });
    expect(untraceJobData({ staffId: 3 }).data).toEqual({ staffId: 3 });
    expect(untraceJobData(null).data).toBeNull();
  });

  it('names the active trace and span for log lines, and nothing outside a span', async () => {
    expect(activeTraceIds()).toEqual({});
    await inSpan('command', {}, async (span) => {
      expect(activeTraceIds()).toEqual({
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
      });
    });
  });
});

/* How a job carries the cause (correlation, causation) it was enqueued under (JOB_CAUSE_KEY). */
describe('a job carries its cause in its data', () => {
  const cause = { correlationId: 'corr-7', causationId: 'event-9' };

  it('adds the cause held now and gives it back; data that has one keeps its own', async () => {
    const enqueued = withCause(cause, () => traceJobData({ staffId: 3 }), true);
    expect(enqueued).toEqual({ staffId: 3, [JOB_CAUSE_KEY]: cause });
    const relayed = withCause({ correlationId: 'relay', causationId: null }, () => traceJobData(enqueued));
    expect(relayed).toEqual(enqueued);
    const { data, cause: read } = untraceJobData(JSON.parse(JSON.stringify(enqueued)));
    expect({ data, read }).toEqual({ data: { staffId: 3 }, read: cause });
    expect(untraceJobData({ staffId: 3, [JOB_CAUSE_KEY]: { causationId: 'x' } }).cause).toBeUndefined();
  });

  it('puts the cause on log lines of reactions and jobs only, and a command within one logs as it', () => {
    expect(loggedCause()).toEqual({});
    // A command in a request: its jobs carry its cause, its lines take the request's fields instead.
    withCause(cause, () => {
      expect(activeCause()).toEqual(cause);
      expect(loggedCause()).toEqual({});
    });
    // A job (logged), and a command it sends: the command's cause, still on the lines.
    withCause(
      cause,
      () => {
        expect(loggedCause()).toEqual(cause);
        withCause({ correlationId: 'corr-7', causationId: null }, () =>
          expect(loggedCause()).toEqual({ correlationId: 'corr-7' }),
        );
        withoutCause(() => expect(loggedCause()).toEqual({}));
      },
      true,
    );
  });
});
