import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer } from './smtp-mailer';

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
});
