import { z } from 'zod';
import { anyValue, isBlank, refuse, requestObject } from './fields';

/*
 * The "as of" views (issue 11): the admin review, the roster and planned hours shown as they stood
 * at a past instant. The query parameter `asOf` is an ISO-8601 instant with a time zone; the
 * server also refuses an instant after its own now (the injected Clock).
 */

export const asOfMessages = {
  invalid: 'As of must be a date and time with a time zone, e.g. 2026-10-31T17:00:00Z',
  future: 'As of must not be in the future',
  banner: (screen: string, when: string) =>
    `You are looking at ${screen} as it stood on ${when}. Nothing can be changed here.`,
} as const;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO instant with a zone, normalised to UTC ('...Z'), or null when it is not one. */
export function parseAsOf(value: string): string | null {
  const match = ISO_INSTANT.exec(value);
  if (!match) return null;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const [hour, minute] = value.slice(11, 16).split(':').map(Number);
  // Date.parse rolls 2026-02-30 over to March: a day, hour or minute out of range is refused.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** `asOf`: absent or blank means now (the live view); otherwise an instant (normalised to UTC). */
export const asOfField = anyValue().transform((value, ctx): string | null => {
  if (isBlank(value)) return null;
  const parsed = typeof value === 'string' ? parseAsOf(value.trim()) : null;
  return parsed ?? refuse(ctx, asOfMessages.invalid);
});

export type AsOfValue = z.output<typeof asOfField>;

/** The `asOf` query parameter alone: the read endpoints take it beside their own filters. */
export const asOfQuerySchema = requestObject({ asOf: asOfField });
