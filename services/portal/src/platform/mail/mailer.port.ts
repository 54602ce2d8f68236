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
  /**
   * What the outbox keeps and lists in place of `text` (and of `html`, which it then drops), for a
   * mail whose words must not be kept in plain text: a support message's words stay sealed in its
   * event and go only to the recipient over SMTP.
   */
  readonly outboxText?: string;
  /**
   * The job that sends it (its job id): the mail goes out once per id. A job run again after its
   * worker died finds the mail kept under this id and sends nothing; over SMTP the id also makes
   * the Message-ID, so a resend from the few milliseconds between delivery and keeping it carries
   * the same Message-ID as the first (mail clients show such copies once).
   */
  readonly deliveryId?: string;
}

/**
 * Every mail is kept in the outbox table (readable by admins on /admin/outbox); when SMTP_URL is
 * set it is also delivered over SMTP (nodemailer), and kept once delivered.
 */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}
