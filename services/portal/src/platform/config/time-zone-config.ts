import { DEFAULT_TIME_ZONE, isTimeZone } from '@portal/contracts';
import { z } from 'zod';

const zoneName = z
  .string()
  .trim()
  .refine(isTimeZone, 'must be an IANA time zone such as America/Edmonton')
  .optional();

/**
 * The firm's time zone: every owner's business dates are days of its zone, and an owner that set
 * none (admins set it at /admin/settings) works in PORTAL_TIME_ZONE. REMINDERS_TIME_ZONE, the
 * zone the reminders used to read alone, is still read as its older name (decision 0264).
 */
export const timeZoneEnvShape = {
  PORTAL_TIME_ZONE: zoneName,
  REMINDERS_TIME_ZONE: zoneName,
};

export function checkTimeZoneEnv(
  env: { PORTAL_TIME_ZONE?: string | undefined; REMINDERS_TIME_ZONE?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const { PORTAL_TIME_ZONE: portal, REMINDERS_TIME_ZONE: reminders } = env;
  if (portal !== undefined && reminders !== undefined && portal !== reminders) {
    ctx.addIssue({
      code: 'custom',
      path: ['REMINDERS_TIME_ZONE'],
      message: `is the older name of PORTAL_TIME_ZONE; set only PORTAL_TIME_ZONE (${portal})`,
    });
  }
}

/** The default zone of every owner: PORTAL_TIME_ZONE, else REMINDERS_TIME_ZONE, else America/Edmonton. */
export function defaultTimeZoneOf(env: {
  PORTAL_TIME_ZONE?: string | undefined;
  REMINDERS_TIME_ZONE?: string | undefined;
}): string {
  return env.PORTAL_TIME_ZONE ?? env.REMINDERS_TIME_ZONE ?? DEFAULT_TIME_ZONE;
}
