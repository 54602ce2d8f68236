import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Body, Controller, Logger, Module, Post } from '@nestjs/common';
import { sql } from 'kysely';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { DomainError } from '../../kernel/domain-error';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { eventually } from '../../../test/waiting';

/**
 * What operators see of a running portal: `/metrics` after a command, the job it caused and the
 * e-mail that job sent, and the JSON log of the same requests (who, which request, which
 * correlation; never a token or a body).
 */

const CARLOS = 3;
const SECRET_WORDS = 'my bank account is 000123456789';

/** A test-only endpoint that logs through Nest's Logger while it serves a signed-in request. */
@Controller('test-observability')
class LoggingProbeController {
  private readonly logger = new Logger('LoggingProbe');

  @Post('note')
  note(@Body() _body: unknown): { noted: true } {
    this.logger.log('noted a request');
    return { noted: true };
  }

  /** A planned refusal: a service the answer needs is away (as Power BI or a read model at start-up). */
  @Post('away')
  away(): never {
    throw DomainError.unavailable('The reports service is away. Try again in a moment.');
  }

  /** A bug. */
  @Post('broken')
  broken(): never {
    throw new Error('probe broke on purpose');
  }
}

@Module({ controllers: [LoggingProbeController] })
class LoggingProbeModule {}

let t: TestApp;
let logDir: string;
let token: string;

beforeAll(async () => {
  logDir = mkdtempSync(join(tmpdir(), 'portal-log-'));
  t = await startTestApp({
    staffDirectory: new InMemoryStaffDirectory([testPerson(CARLOS, 'Carlos Contractor')]),
    imports: [LoggingProbeModule],
    env: { LOG_LEVEL: 'debug', LOG_FILE: join(logDir, 'portal.log') },
  });
  // As main.ts does: Nest's lines go through pino too.
  t.app.useLogger(t.app.get(PinoNestLogger));
  token = await t.signIn(CARLOS);
});

afterAll(async () => {
  await t?.close();
  rmSync(logDir, { recursive: true, force: true });
});

/** The value of one series in the Prometheus text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const metrics = async () => {
  const answer = await t.http('GET', '/metrics');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  return answer.body as string;
};

const sendSupportMessage = () =>
  t.http('POST', '/api/help/support-messages', {
    token,
    body: { message: SECRET_WORDS, timeZone: 'America/Edmonton' },
    headers: { 'x-correlation-id': 'corr-support-1', 'x-request-id': 'req-support-1' },
  });

describe('/metrics', () => {
  it('counts the request, the command, its events, the job and the e-mail it caused', async () => {
    const answer = await sendSupportMessage();
    expect(answer.status).toBe(201);
    const job = 'queue="portal-jobs",job="help.support-message-email"';
    const text = await eventually(async () => {
      const body = await metrics();
      // The e-mail is counted inside the job, the job once its processor has returned: wait for both
      // (the job's series may already be shown at 0 before the count reaches it).
      const sent = sample(body, `portal_emails_total{outcome="sent"}`) === 1;
      const completed =
        (sample(body, `portal_queue_jobs_processed_total{${job},outcome="completed"}`) ?? 0) >= 1;
      return sent && completed ? body : null;
    });

    expect(
      sample(text, 'portal_commands_total{command="SendSupportMessageCommand",outcome="succeeded"}'),
    ).toBe(1);
    expect(sample(text, 'portal_events_appended_total{type="SupportMessageSent"}')).toBe(1);
    expect(sample(text, `portal_queue_jobs_processed_total{${job},outcome="completed"}`)).toBe(1);
    // Each failed attempt is counted (the first may meet a read model still being built).
    const { rows } = await sql<{ attempts: number }>`
      select attempts_made as attempts from jobs where name = 'help.support-message-email'`.execute(t.db.db);
    expect(rows).toHaveLength(1);
    expect(sample(text, `portal_queue_jobs_processed_total{${job},outcome="failed"}`)).toBe(
      rows[0].attempts - 1,
    );
    expect(sample(text, 'portal_emails_total{outcome="failed"}')).toBe(0);
    expect(
      sample(
        text,
        'portal_http_request_duration_seconds_count{method="POST",route="/api/help/support-messages",status="201"}',
      ),
    ).toBe(1);
    // The gauges are there, read at this scrape.
    expect(sample(text, 'portal_queue_jobs{queue="portal-jobs",state="waiting"}')).toBe(0);
    expect(sample(text, 'portal_queue_jobs{queue="portal-jobs",state="failed"}')).toBe(0);
    expect(text).toMatch(/^portal_projection_lag_events\{projection="staff"\} \d+$/m);
    expect(text).toMatch(/^portal_outbox_backlog_events\{reactor="help-support-message"\} \d+$/m);
    expect(text).toMatch(/^portal_process_cpu_seconds_total \d/m);
  });

  it('labels a request by its route pattern, never by the ids in its URL', async () => {
    const id = '5b1f6c2e-0000-4000-8000-00000000abcd';
    expect((await t.http('GET', `/api/expenses/receipts/${id}`, { token })).status).toBe(404);
    expect((await t.http('GET', `/api/no-such-thing/${id}`, { token })).status).toBe(404);
    const text = await metrics();
    expect(
      sample(
        text,
        'portal_http_request_duration_seconds_count{method="GET",route="/api/expenses/receipts/:receiptId",status="404"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBe(1);
    expect(text).not.toContain(id);
  });
});

describe('the JSON log', () => {
  type Line = Record<string, unknown> & {
    msg?: string;
    req?: { path?: string };
    res?: { statusCode?: number };
  };
  const lines = (): Line[] =>
    readFileSync(join(logDir, 'portal.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);

  it('writes one line per answer: request id, actor id, correlation id, route and status', async () => {
    const line = await eventually(async () =>
      lines().find((l) => l.reqId === 'req-support-1' && l.msg === 'request completed'),
    );
    expect(line).toMatchObject({
      level: 30,
      service: 'portal',
      actorId: String(CARLOS),
      correlationId: 'corr-support-1',
      req: { method: 'POST', path: '/api/help/support-messages' },
      res: { statusCode: 201 },
    });
    expect(typeof line.responseTime).toBe('number');
  });

  it("puts the request's ids on what the code logs while serving it", async () => {
    const answer = await t.http('POST', '/api/test-observability/note', {
      token,
      body: { note: SECRET_WORDS },
      headers: { 'x-correlation-id': 'corr-note-1' },
    });
    expect(answer.status).toBe(201);
    const requestId = answer.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await eventually(async () => lines().find((l) => l.msg === 'noted a request'));
    expect(line).toMatchObject({
      context: 'LoggingProbe',
      reqId: requestId,
      actorId: String(CARLOS),
      correlationId: 'corr-note-1',
    });
    // Each field once on the line and on the request's own (pino-http bound the header's id first).
    const written = readFileSync(join(logDir, 'portal.log'), 'utf8')
      .split('\n')
      .filter((text) => text.includes(`"reqId":"${requestId}"`));
    expect(written).toHaveLength(2);
    for (const text of written) expect(text.match(/"correlationId"/g)).toHaveLength(1);
  });

  it('logs a planned 503 as a warning without a stack, and a bug as an error with its stack', async () => {
    const away = await t.http('POST', '/api/test-observability/away', { token, body: {} });
    expect(away.status).toBe(503);
    const awayId = away.headers.get('x-request-id');
    const awayLine = await eventually(async () => lines().find((l) => l.reqId === awayId && l.res));
    expect(awayLine).toMatchObject({ level: 40, res: { statusCode: 503 } });
    expect(JSON.stringify(awayLine)).not.toContain('stack');

    const broken = await t.http('POST', '/api/test-observability/broken', { token, body: {} });
    expect(broken.status).toBe(500);
    const brokenId = broken.headers.get('x-request-id');
    const brokenLine = await eventually(async () => lines().find((l) => l.reqId === brokenId && l.res));
    expect(brokenLine).toMatchObject({ level: 50, res: { statusCode: 500 } });
    // The stack is the filter's own line, which points at the code that broke.
    const stackLine = lines().find((l) => l.reqId === brokenId && /probe broke on purpose/.test(l.msg ?? ''));
    expect(stackLine?.msg).toMatch(/operations\.int-spec/);
  });

  it('never holds a token, a header, a body or the words people sent', async () => {
    await eventually(async () => lines().some((l) => l.req?.path === '/api/test-observability/note'));
    const text = readFileSync(join(logDir, 'portal.log'), 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/bearer/i);
    expect(text).not.toContain('authorization');
    expect(text).not.toContain('000123456789');
    expect(text).not.toContain(SECRET_WORDS);
    // Probes and scrapes are not logged.
    expect(lines().some((l) => l.req?.path === '/metrics')).toBe(false);
  });
});
