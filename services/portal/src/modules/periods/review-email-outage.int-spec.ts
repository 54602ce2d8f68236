// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import { onBullMq } from '../../../test/bullmq-queue';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/services';
import { startSmtpReceiver } from '../../../test/smtp-receiver';
import { startOutageProxy, type OutageProxy } from '../../../test/tcp-outage-proxy';
import { eventually } from '../../../test/waiting';

// Wednesday 2026-11-18; the demo seed has Carlos's time on project 12 in October.
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1;
const CARLOS = 3;
// The HTTP call is the admin's Return on the review page.
const REASON = 'Outage check: split the site visit from the report writing.';

/**
 * The status e-mail of a return, sent through the job queue on real Redis and a real SMTP server,
 * while Redis is away: the return is recorded at once, the mail waits, and goes out once Redis is
 * back (the reactor's checkpoint only moves past an event whose job was enqueued).
 */
describe('review e-mails when Redis is down for a while', () => {
  let t: TestApp;
  let proxy: OutageProxy;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  const logged: string[] = [];
  const logger = {
    error: (line: string) => logged.push(`error ${line}`),
    log: (line: string) => logged.push(line),
  };

  beforeAll(async () => {
    const target = new URL(TEST_REDIS_URL);
    proxy = await startOutageProxy(target.hostname, Number(target.port || 6379));
    smtp = await startSmtpReceiver();
    const redisUrl = `redis://127.0.0.1:${proxy.port}`;
    const prefix = uniqueRedisPrefix('review-outage');
    t = await startTestApp({
      now: NOW,
      seedDemo: true,
      redisUrl,
      smtpUrl: smtp.url,
      override: (builder) => onBullMq(builder, { redisUrl, prefix, logger }),
    });
    await t.projectionsCaughtUp();
  });

  afterAll(async () => {
    proxy?.up();
    await t?.close();
    await smtp?.close();
    await proxy?.close();
  });

  const returnMail = () =>
    smtp.mails.find((mail) => mail.subject.startsWith('Returned for changes:') && mail.text.includes(REASON));

  it('records the return while Redis is down and sends its mail once Redis is back', async () => {
    const token = await t.signIn(ALICE);
    proxy.down();
    const outcome = await t.http('POST', '/api/admin/review/return', {
      token,
      body: { employeeId: CARLOS, projectId: 12, start: '2026-10-01', end: '2026-10-31', reason: REASON },
    });
    expect(outcome.status).toBe(200);
    expect(outcome.body.returnedEntries).toBeGreaterThan(0);

    // A few seconds without Redis: the mail cannot go, and nothing crashes.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(returnMail()).toBeUndefined();

    proxy.up();
    await eventually(async () => returnMail() !== undefined, 45_000);
    const mail = returnMail()!;
    expect(mail.to).toEqual(['carlos.contractor@smartwork.example']);
    expect(mail.text).toContain(`Reason: ${REASON}`);
    // Sent once, not once per retry.
    expect(smtp.mails.filter((m) => m.text.includes(REASON))).toHaveLength(1);
    // The log says when the queue lost Redis and when it was back, once each, not once per retry.
    const queueLines = logged.filter((line) => line.includes('Job queue'));
    expect(queueLines.filter((line) => line.startsWith('error '))).toHaveLength(1);
    expect(queueLines.at(-1)).toBe('Job queue: Redis is reachable again');
  }, 90_000);
});
