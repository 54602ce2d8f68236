import { businessDateIn, DEFAULT_TIME_ZONE, type BusinessDate } from '@portal/contracts';

/**
 * The zone of the signed-in person's owner, as `GET /api/me` answers it (current-user.ts sets it);
 * the firm's default until then (the landing page, the sign-in picker).
 */
let businessTimeZone = DEFAULT_TIME_ZONE;

export function setBusinessTimeZone(timeZone: string): void {
  businessTimeZone = timeZone;
}

export function currentBusinessTimeZone(): string {
  return businessTimeZone;
}

/**
 * Today as the business day: the day of the owner's time zone that the server's rules use, not
 * the browser's own zone nor UTC (docs/decisions/0264-owner-time-zone-business-dates.md).
 */
export function businessToday(): BusinessDate {
  return businessDateIn(new Date(), businessTimeZone);
}
