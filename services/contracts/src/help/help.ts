/**
 * Help (the Need Help? contact form, /user-help): the rules the page and the server share, the
 * event of the stream `support-messages-{staffId}` and the messages a person sees.
 */

/** How many messages one person may send within any hour (the one place the limit is set). */
export const SUPPORT_MESSAGES_PER_HOUR = 5;
/** The window the limit counts over, in milliseconds. */
export const SUPPORT_MESSAGE_WINDOW_MS = 60 * 60 * 1000;
/** The longest message, in characters as a person sees them (kernel/text.ts). */
export const SUPPORT_MESSAGE_MAX_CHARACTERS = 5000;

/** The stream of one person's support messages: the limit is decided on it. */
export const supportMessagesStreamId = (staffId: number): string => `support-messages-${staffId}`;

// ---- Events -----------------------------------------------------------------------------

/**
 * A person sent the support address a message (the actor is in the metadata). The text itself is
 * personal data: only sealed ('pd1:…', the sender's key, platform/crypto), never in plain text.
 */
export interface SupportMessageSent {
  readonly staffId: number;
  /** ISO-8601 instant, UTC: what the hourly limit counts. */
  readonly sentAt: string;
  /** Characters as the person sees them. */
  readonly messageLength: number;
  /** The message, sealed for the sender. */
  readonly message: string;
}

export type HelpEvent = { readonly type: 'SupportMessageSent'; readonly data: SupportMessageSent };

// ---- Messages ---------------------------------------------------------------------------

/** A time of day as '3:05 PM' in `timeZone` (UTC when the zone is unknown). */
export function timeOfDay(instant: Date, timeZone: string | null): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(instant);
  if (timeZone) {
    try {
      return format(timeZone);
    } catch {
      // An unknown zone name: fall through to UTC, and say so.
    }
  }
  return `${format('UTC')} UTC`;
}

export const helpMessages = {
  sent: 'Email sent successfully',
  failed: 'Error sending email',
  messageLabel: 'Message',
  messageRequired: 'Message must have a value.',
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX_CHARACTERS.toLocaleString('en-US')} characters.`,
  messageNotText: 'Message must be text.',
  timeZoneNotText: 'Time zone must be text, e.g. Europe/London.',
  limitNotice: `You can send up to ${SUPPORT_MESSAGES_PER_HOUR} messages an hour.`,
  limitReached: (retryAt: Date, timeZone: string | null): string =>
    `You have sent ${SUPPORT_MESSAGES_PER_HOUR} messages in the last hour. ` +
    `Please try again after ${timeOfDay(retryAt, timeZone)}.`,
} as const;

/** A mail kept in the outbox (GET /api/admin/outbox, the embedded mailer's table), as admins see it. */
export interface OutboxMail {
  readonly id: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  /** Where a reply goes; null: to the sender. */
  readonly replyTo: string | null;
  /** ISO-8601 instant, UTC. */
  readonly createdAt: string;
}
