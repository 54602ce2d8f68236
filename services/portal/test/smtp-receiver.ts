import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly to: string[];
  readonly subject: string;
  /** The Reply-To header's address, if any. */
  readonly replyTo: string | null;
  /** The body, quoted-printable decoded. */
  readonly text: string;
  /** The Message-ID header, angle brackets included; null when the mail has none. */
  readonly messageId: string | null;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
  const replyTo = /^Reply-To: (?:.*<)?([^<>\s]+@[^<>\s]+?)>?$/im.exec(head)?.[1] ?? null;
  const messageId = /^Message-ID: *(<[^>]+>)/im.exec(head)?.[1] ?? null;
  return { to, subject, replyTo, text: qp ? decodeQuotedPrintable(body) : body, messageId };
}

/**
 * A real SMTP server on 127.0.0.1 (a random port unless `port` is given) that keeps what it
 * receives and hands each mail to `onMail` too (the browser tests write them to files).
 */
export async function startSmtpReceiver(
  options: {
    readonly port?: number;
    readonly onMail?: (mail: ReceivedMail) => void;
    /** True: the server does not keep the process alive (a process that ends on its own). */
    readonly unref?: boolean;
  } = {},
): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parse(
          Buffer.concat(chunks).toString('latin1'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        mails.push(mail);
        options.onMail?.(mail);
        callback();
      });
    },
  });
  // A client cut off mid-conversation (a worker killed while sending) is that client's loss: the
  // server reports it as an 'error' event, which with no listener would fail the test at hand.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  if (options.unref) server.server.unref();
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(count, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (mails.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
