// Fixed dates: the text of a mail, with dates in it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestDatabase } from '../../../test/services';
import { createMailer, DeliveringMailer } from './create-mailer';
import { messageIdOf, SmtpMailer } from './smtp-mailer';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

describe('SmtpMailer', () => {
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the message to an SMTP server with its recipients, subject and body', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Portal <portal@smartwork.example>');
    await mailer.send({
      to: ['admin@smartwork.example', 'lead@smartwork.example'],
      subject: 'Late timesheet entry: Jane Doe',
      text: 'Jane Doe entered 8 hours for 2025-03-03 on 2025-03-12.',
      html: '<p>Jane Doe entered <b>8</b> hours</p>',
      replyTo: 'jane.doe@smartwork.example',
      ownerId: 1,
    });
    mailer.close();

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe('portal@smartwork.example');
    expect(mail.to).toEqual(['admin@smartwork.example', 'lead@smartwork.example']);
    expect(mail.raw).toMatch(/^Subject: Late timesheet entry: Jane Doe\r?$/m);
    expect(mail.raw).toMatch(/^From: Portal <portal@smartwork\.example>\r?$/m);
    expect(mail.raw).toMatch(/^Reply-To: jane\.doe@smartwork\.example\r?$/m);
    expect(mail.raw).toContain('Jane Doe entered 8 hours for 2025-03-03 on 2025-03-12.');
    expect(mail.raw).toContain('<p>Jane Doe entered <b>8</b> hours</p>');
  });

  it('sends the mail of a job once however often the job runs, under a Message-ID of the job', async () => {
    const db = await createTestDatabase(2);
    const from = 'Portal <portal@smartwork.example>';
    const mailer = await createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: from }, db.db);
    try {
      const before = received.length;
      const mail = {
        to: ['admin@smartwork.example'],
        subject: 'Late timesheet entry: Jane Doe',
        text: 'Jane Doe entered 8 hours.',
        ownerId: 1,
        deliveryId: 'late-entry-job-1',
      };
      // The job run three times (a worker killed after sending, then a retry, then another).
      await mailer.send(mail);
      await mailer.send(mail);
      await mailer.send(mail);
      // Another job's mail with the same words is its own mail.
      await mailer.send({ ...mail, deliveryId: 'late-entry-job-2' });

      const sent = received.slice(before);
      expect(sent).toHaveLength(2);
      expect(sent[0].raw).toContain(`Message-ID: ${messageIdOf('late-entry-job-1', from)}`);
      expect(sent[1].raw).toContain(`Message-ID: ${messageIdOf('late-entry-job-2', from)}`);
      const kept = await db.db.selectFrom('mail_outbox').select('delivery_id').orderBy('seq').execute();
      expect(kept.map((row) => row.delivery_id)).toEqual(['late-entry-job-1', 'late-entry-job-2']);
    } finally {
      (mailer as DeliveringMailer).smtp.close();
      await db.drop();
    }
  });
});
