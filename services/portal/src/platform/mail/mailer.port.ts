export interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** SMTP (nodemailer) when SMTP_URL is set; otherwise the outbox table, readable by admins. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}
