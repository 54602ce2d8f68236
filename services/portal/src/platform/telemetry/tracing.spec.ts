import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { activeTraceIds, inSpan, JOB_TRACE_KEY, traceJobData, untraceJobData } from './tracing';

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
