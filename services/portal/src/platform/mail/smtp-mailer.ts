import { createHash } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import { Mailer, type MailMessage } from './mailer.port';

/** Production mail: SMTP from SMTP_URL (e.g. smtp://user:pass@host:587), sent as MAIL_FROM. */
export class SmtpMailer extends Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: [...message.to],
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.deliveryId === undefined ? {} : { messageId: messageIdOf(message.deliveryId, this.from) }),
    });
  }

  close(): void {
    this.transport.close();
  }
}

/** The Message-ID of a delivery: the same for every attempt of one job, opaque, at the sender's domain. */
export function messageIdOf(deliveryId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'portal.invalid';
  const hash = createHash('sha256').update(deliveryId).digest('hex').slice(0, 32);
  return `<${hash}@${domain}>`;
}
