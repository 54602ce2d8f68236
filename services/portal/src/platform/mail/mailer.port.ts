export interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** Where a reply goes instead of the sender (e.g. the person who wrote to support). */
  readonly replyTo?: string;
  /**
   * The owner (organisation) whose people the mail is about: the outbox shows it only to that
   * owner's admins. Null: mail about no one's data (e.g. a contact-form copy to the sender).
   */
  readonly ownerId: number | null;
}

/** SMTP (nodemailer) when SMTP_URL is set; otherwise the outbox table, readable by admins. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}
