import { z } from 'zod';

/**
 * When the reminders go out (modules/reminders): the hour of each working day's morning (in each
 * owner's time zone, time-zone-config.ts), how many days a verified period waits before the admins' digest names
 * it, and the portal's address for the links in the mails.
 */
export interface RemindersConfig {
  /** Whether the daily jobs are scheduled (REMINDERS_ENABLED, default true; the test harness turns it off). */
  readonly enabled: boolean;
  /** 0 to 23, in each owner's time zone (REMINDERS_HOUR, default 8). */
  readonly hour: number;
  /** A period verified more than this many days ago and not approved is in the digest (default 3). */
  readonly waitingDays: number;
  /** The web app's address, without a trailing '/' (PORTAL_URL, default http://localhost:3000). */
  readonly portalUrl: string;
}

export const remindersEnvShape = {
  REMINDERS_ENABLED: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  REMINDERS_HOUR: z.coerce
    .number({ message: 'must be a whole hour from 0 to 23' })
    .int('must be a whole hour from 0 to 23')
    .min(0, 'must be a whole hour from 0 to 23')
    .max(23, 'must be a whole hour from 0 to 23')
    .default(8),
  REMINDERS_WAITING_DAYS: z.coerce
    .number({ message: 'must be a whole number of days from 1 to 365' })
    .int('must be a whole number of days from 1 to 365')
    .min(1, 'must be a whole number of days from 1 to 365')
    .max(365, 'must be a whole number of days from 1 to 365')
    .default(3),
  PORTAL_URL: z
    .string()
    .trim()
    .pipe(z.url({ message: 'must be a URL such as https://portal.smartwork.example' }))
    .transform((url) => url.replace(/\/+$/, ''))
    .default('http://localhost:3000'),
};

export function remindersConfigOf(env: {
  REMINDERS_ENABLED: boolean;
  REMINDERS_HOUR: number;
  REMINDERS_WAITING_DAYS: number;
  PORTAL_URL: string;
}): RemindersConfig {
  return Object.freeze({
    enabled: env.REMINDERS_ENABLED,
    hour: env.REMINDERS_HOUR,
    waitingDays: env.REMINDERS_WAITING_DAYS,
    portalUrl: env.PORTAL_URL,
  });
}
