import { z } from 'zod';
import { anyValue, isBlank, refuse, requestObject } from '../kernel/fields';
import { freeTextProblem } from '../kernel/text';
import { helpMessages, SUPPORT_MESSAGE_MAX_CHARACTERS } from './help';

/** Requests of /api/help: zod schemas naming the field and the rule. */

const messageField = anyValue().transform((value, ctx): string => {
  if (value !== null && typeof value !== 'string') return refuse(ctx, helpMessages.messageNotText);
  // Whitespace only is no message.
  if (isBlank(value)) return refuse(ctx, helpMessages.messageRequired);
  const text = (value as string).trim();
  const tooLong = helpMessages.messageTooLong;
  const problem = freeTextProblem('Message', text, SUPPORT_MESSAGE_MAX_CHARACTERS, tooLong);
  return problem ? refuse(ctx, problem) : text;
});

/** The longest time zone name taken (IANA names are far shorter). */
export const TIME_ZONE_MAX_LENGTH = 64;

/** The browser's IANA time zone, so the limit message can name a local time (optional). */
const timeZoneField = anyValue().transform((value, ctx): string | null => {
  if (isBlank(value)) return null;
  if (typeof value !== 'string' || value.length > TIME_ZONE_MAX_LENGTH)
    return refuse(ctx, helpMessages.timeZoneNotText);
  return value.trim();
});

/** POST /api/help/support-messages. */
export const supportMessageRequestSchema = requestObject({ message: messageField, timeZone: timeZoneField });
export type SupportMessageRequest = z.input<typeof supportMessageRequestSchema>;
export type SupportMessageInput = z.output<typeof supportMessageRequestSchema>;

/** What sending answers: when it was recorded (ISO-8601, UTC). */
export interface SupportMessageResponse {
  readonly sentAt: string;
}
