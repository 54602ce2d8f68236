// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventually } from '../../../test/waiting';
import { EventStore } from '../event-store/event-store.port';
import type { Tracing } from './tracing';
import { TRACING } from './tracing.provider';

/*
 * Issue 12: with OTEL_EXPORTER_OTLP_ENDPOINT set, one trace runs from the HTTP request through the
 * command, the append, the projections and the reactor to the job it caused, exported over
 * OTLP/HTTP to a local receiver. Wednesday 2026-11-18; the demo seed: Carlos (3) has time on
 * project 12, whose period 'Nov - 2026' runs 26 Oct to 25 Nov; Alice (1) is an admin.
 */
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1;
const CARLOS = 3;

interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes?: { key: string; value: Record<string, unknown> }[];
}

/** An OTLP/HTTP JSON receiver: every span of every export it is sent. */
async function startOtlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[];
        };
        for (const resource of body.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  const tokens: Record<number, string> = {};
  const logDir = mkdtempSync(join(tmpdir(), 'portal-trace-log-'));
  const logLines = () =>
    readFileSync(join(logDir, 'portal.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    t = await startTestApp({
      now: NOW,
      seedDemo: true,
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'portal-test',
        LOG_LEVEL: 'info',
        LOG_FILE: join(logDir, 'portal.log'),
      },
    });
    for (const id of [ALICE, CARLOS]) tokens[id] = await t.signIn(id);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('follows a return from the request through the command, the append, the projections and the e-mail job', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const returned = await t.http('POST', '/api/admin/review/return', {
      token: tokens[ALICE],
      headers: {
        traceparent: `00-${callerTrace}-00f067aa0ba902b7-01`,
        'x-correlation-id': 'return-by-alice-1',
      },
      body: {
        employeeId: CARLOS,
        projectId: 12,
        start: '2026-10-26',
        end: '2026-11-25',
        reason: 'Split by site.',
      },
    });
    expect(returned.status).toBe(200);

    // The events carry the trace across the log.
    const ledger = await t.app.get(EventStore).readStream('ledger-3-2026-11');
    const returnedEvent = ledger.find((e) => e.type === 'PeriodReturned');
    expect(returnedEvent?.metadata.traceparent).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`));

    const tracing = t.app.get<Tracing>(TRACING);
    const inTrace = () => receiver.spans.filter((s) => s.traceId.toLowerCase() === callerTrace);
    await eventually(async () => {
      await tracing.flush();
      return inTrace().some((s) => s.name === 'job periods.review-email');
    });
    const spans = inTrace();
    const named = (name: string) => {
      const found = spans.filter((s) => s.name === name);
      expect(found.map((s) => s.name)).toContain(name);
      return found;
    };
    const [request] = named('POST /api/admin/review/return');
    expect(request.parentSpanId).toBe('00f067aa0ba902b7');
    const [command] = named('command ReturnPeriod');
    expect(command.parentSpanId).toBe(request.spanId);
    const appends = named('append ledger');
    for (const append of appends) expect(append.parentSpanId).toBe(command.spanId);
    const appendIds = new Set(appends.map((a) => a.spanId));
    const projections = spans.filter((s) => s.name.startsWith('project '));
    expect(projections.length).toBeGreaterThan(0);
    for (const projection of projections) expect(appendIds).toContain(projection.parentSpanId);
    const [react] = named('react periods-review-email');
    expect(appendIds).toContain(react.parentSpanId);
    const [job] = named('job periods.review-email');
    expect(job.parentSpanId).toBe(react.spanId);
    // Named by the route's pattern, with its answer's status.
    expect(request.attributes).toContainEqual({ key: 'http.response.status_code', value: { intValue: 200 } });

    // The job's line says it completed, in how long, and carries the request's correlation, the
    // event that caused it and the trace: an operator can follow the return into its e-mail.
    const jobLine = await eventually(async () =>
      logLines().find((line) => /^Job periods\.review-email \S+ completed in \d+ ms$/.test(String(line.msg))),
    );
    expect(jobLine).toMatchObject({
      level: 30,
      correlationId: 'return-by-alice-1',
      traceId: callerTrace,
    });
    // The line is the job span's own (a period over two months may send two e-mails: two jobs).
    await eventually(async () => {
      await tracing.flush();
      return inTrace().some((s) => s.name === 'job periods.review-email' && s.spanId === jobLine.spanId);
    });
    // Its causation is an event the return appended (one in each month's ledger the period spans).
    const causation = (await t.app.get(EventStore).readAll(null, 1_000_000)).find(
      (e) => e.id === jobLine.causationId,
    );
    expect(causation).toMatchObject({
      type: 'PeriodReturned',
      streamId: expect.stringMatching(/^ledger-3-/),
      metadata: expect.objectContaining({ correlationId: 'return-by-alice-1' }),
    });
  });
});
