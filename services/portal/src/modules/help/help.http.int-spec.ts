import {
  helpMessages,
  SUPPORT_MESSAGE_MAX_CHARACTERS,
  SUPPORT_MESSAGES_PER_HOUR,
  supportMessagesStreamId,
  type SupportMessageSent,
} from '@portal/contracts';
import { sql } from 'kysely';
import { startTestApp, testNow, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { startSmtpReceiver } from '../../../test/smtp-receiver';
import { eventually, sleep } from '../../../test/waiting';
import { EventStore } from '../../platform/event-store/event-store.port';
import { listOutbox } from '../../platform/mail/outbox-mailer';
import { SUPPORT_MESSAGE_OUTBOX_TEXT } from './reactions/support-message-email';
import { SUPPORT_MESSAGE_EMAIL_JOB } from './reactions/support-message.reactor';

/* The Need Help? contact form through the whole app: real PostgreSQL, the job queue, real SMTP. */
const CARLOS = 3; // carlos.contractor@smartwork.example, owner 1
const DANA = 4; // dana.developer@smartwork.example
const RITA = 6;
const SUPPORT = 'helpdesk@smartwork.example';
const HOUR = 60 * 60 * 1000;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const tokens: Record<number, string> = {};
const { expectRefused, appendDirectly } = eventLogChecks(() => t, testNow());

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await startTestApp({ seedDemo: true, smtpUrl: smtp.url, env: { SUPPORT_EMAIL: SUPPORT } });
  for (const id of [CARLOS, DANA, RITA]) tokens[id] = await t.signIn(id);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = (who: number | null, body: unknown) =>
  t.http('POST', '/api/help/support-messages', { token: who === null ? undefined : tokens[who], body });

const sentEvents = async (staffId: number) =>
  (await t.app.get(EventStore).readStream(supportMessagesStreamId(staffId))).filter(
    (e) => e.type === 'SupportMessageSent',
  );

/** Mails to the support address (the seed's review mails to people go to the same receiver). */
const supportMails = () => smtp.mails.filter((mail) => mail.to.includes(SUPPORT));

const supportJobs = async () => {
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from jobs where name = ${SUPPORT_MESSAGE_EMAIL_JOB}`.execute(t.db.db);
  return Number(rows[0].n);
};

describe('POST /api/help/support-messages', () => {
  it('queues exactly one e-mail to the support address, Reply-To the sender, delivered over SMTP', async () => {
    const message = 'My laptop will not connect to the VPN.\nCan someone call me?';
    const res = await send(CARLOS, { message: `  ${message}  `, timeZone: 'America/Toronto' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ sentAt: testNow() });

    await eventually(async () => supportMails().length >= 1);
    await sleep(500); // a second mail would have had time to arrive
    const mails = supportMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.replyTo).toBe('carlos.contractor@smartwork.example');
    expect(mail.subject).toBe('Need Help? message from Carlos Contractor');
    expect(mail.text).toContain('Carlos Contractor <carlos.contractor@smartwork.example> wrote');
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(message);
    expect(await supportJobs()).toBe(1);

    // The log records who, when and how long; the text only sealed.
    const [event] = await sentEvents(CARLOS);
    const data = event.data as SupportMessageSent;
    expect(event.metadata.actor).toEqual({ id: String(CARLOS), name: 'Carlos Contractor' });
    expect(data).toMatchObject({ staffId: CARLOS, sentAt: testNow(), messageLength: message.length });
    expect(data.message).toMatch(/^pd1:/);
    expect(JSON.stringify([event.data, event.metadata])).not.toContain('VPN');
    // Nor does the queued job.
    const { rows } = await sql<{
      data: string;
    }>`select data::text as data from jobs where name = ${SUPPORT_MESSAGE_EMAIL_JOB}`.execute(t.db.db);
    expect(rows.map((row) => row.data).join()).not.toContain('VPN');

    // The outbox keeps that it went, to whom, but not the words (admins read the outbox).
    const kept = (await listOutbox(t.db.db, { everyOwner: true })).filter((m) => m.to.includes(SUPPORT));
    expect(kept.map(({ subject, text, replyTo }) => ({ subject, text, replyTo }))).toEqual([
      {
        subject: 'Need Help? message from Carlos Contractor',
        text: SUPPORT_MESSAGE_OUTBOX_TEXT,
        replyTo: 'carlos.contractor@smartwork.example',
      },
    ]);
    const { rows: outboxRows } = await sql<{
      row: string;
    }>`select row_to_json(o)::text as row from mail_outbox o`.execute(t.db.db);
    expect(outboxRows.map((r) => r.row).join()).not.toContain('VPN');
  });

  it('takes as many messages as the limit within an hour, refuses one more with 429 and when to try again; nothing is queued', async () => {
    const start = Date.parse(testNow());
    const before = { jobs: await supportJobs(), mails: supportMails().length };
    for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR; i++) {
      t.clock.set(new Date(start + i * 60_000));
      expect((await send(DANA, { message: `Question ${i + 1}` })).status).toBe(201);
    }
    const after = {
      jobs: before.jobs + SUPPORT_MESSAGES_PER_HOUR,
      mails: before.mails + SUPPORT_MESSAGES_PER_HOUR,
    };
    await eventually(async () => (await supportJobs()) === after.jobs);
    await eventually(async () => supportMails().length >= after.mails);
    expect(supportMails().filter((mail) => mail.replyTo === 'dana.developer@smartwork.example')).toHaveLength(
      SUPPORT_MESSAGES_PER_HOUR,
    );

    t.clock.set(new Date(start + 30 * 60_000));
    const refused = await expectRefused(
      send(DANA, { message: 'One question more', timeZone: 'America/Toronto' }),
      429,
    );
    const retryAt = new Date(start + HOUR);
    const local = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/Toronto',
    }).format(retryAt);
    expect(refused.body.message).toBe(
      `You have sent ${SUPPORT_MESSAGES_PER_HOUR} messages in the last hour. Please try again after ${local}.`,
    );
    // The same instant for a program: Retry-After in seconds, from now (30 minutes in) to it.
    expect(refused.headers.get('retry-after')).toBe(
      String((retryAt.getTime() - (start + 30 * 60_000)) / 1000),
    );
    await sleep(500);
    expect(await supportJobs()).toBe(after.jobs);
    expect(supportMails()).toHaveLength(after.mails);
    expect(await sentEvents(DANA)).toHaveLength(SUPPORT_MESSAGES_PER_HOUR);

    // An hour after the first, one more may go.
    t.clock.set(new Date(start + HOUR));
    expect((await send(DANA, { message: 'One question more' })).status).toBe(201);
    t.clock.set(new Date(start));
  });

  it('counts messages another process recorded: the limit is decided on the log', async () => {
    const now = testNow();
    for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR; i++) {
      const data: SupportMessageSent = { staffId: RITA, sentAt: now, messageLength: 3, message: 'pd1:x' };
      await appendDirectly(supportMessagesStreamId(RITA), 'SupportMessageSent', data, `rita-${i}`);
    }
    const refused = await expectRefused(send(RITA, { message: 'Hello' }), 429);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^You have sent ${SUPPORT_MESSAGES_PER_HOUR} messages in the last hour\\. Please try again after `,
      ),
    );
  });

  it('answers 400 naming the message for an empty, blank or too long one, and records nothing', async () => {
    const problem = (message: string) => [{ path: 'message', message }];
    await expectRefused(send(CARLOS, {}), 400, problem(helpMessages.messageRequired));
    await expectRefused(send(CARLOS, { message: ' \n\t ' }), 400, problem(helpMessages.messageRequired));
    await expectRefused(
      send(CARLOS, { message: 'x'.repeat(SUPPORT_MESSAGE_MAX_CHARACTERS + 1) }),
      400,
      problem(helpMessages.messageTooLong),
    );
    await expectRefused(send(CARLOS, { message: 42 }), 400, problem(helpMessages.messageNotText));
    expect(helpMessages.messageTooLong).toBe(
      `Message must be at most ${SUPPORT_MESSAGE_MAX_CHARACTERS.toLocaleString('en-US')} characters.`,
    );
    // Exactly the maximum is fine.
    expect((await send(CARLOS, { message: 'y'.repeat(SUPPORT_MESSAGE_MAX_CHARACTERS) })).status).toBe(201);
  });

  it('refuses anyone not signed in (401) and records nothing', async () => {
    await expectRefused(send(null, { message: 'Hello' }), 401);
  });
});
