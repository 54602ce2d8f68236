import type { BusinessDate } from './dates';

/**
 * Each owner's business dates are the days of its own time zone (issue 25): "today", this week's
 * Monday, the entry windows and every date the portal chooses for a person. Events keep UTC
 * instants; dates a person chose stay plain dates whatever the zone.
 */

/** The firm works in Calgary: the zone of an owner that set none, when PORTAL_TIME_ZONE is unset. */
export const DEFAULT_TIME_ZONE = 'America/Edmonton';

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale, zone and options, made once (making one is the slow part). */
function formatIn(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * True for an IANA zone name the runtime knows ('America/Edmonton', 'Asia/Kolkata', 'UTC'). Offsets
 * such as '+05:30' and abbreviations such as 'MST' are refused: a zone has its own rules for
 * daylight saving time, an offset does not.
 */
export function isTimeZone(name: string): boolean {
  if (name !== 'UTC' && !name.includes('/')) return false;
  try {
    formatIn('en', name, {});
    return true;
  } catch {
    return false;
  }
}

/** The business date an instant falls on in a time zone: 'today' for an owner working there. */
export function businessDateIn(instant: Date, timeZone: string): BusinessDate {
  // en-CA writes dates as YYYY-MM-DD.
  return formatIn('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The zone's short name at an instant, as people read it beside a time ('MST', 'MDT', 'GMT+5:30'). */
export function timeZoneNameAt(instant: Date, timeZone: string): string {
  const part = formatIn('en-US', timeZone, { timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** The wall clock in a zone at an instant: its business date, hour (0 to 23) and minute. */
export function wallClockIn(
  instant: Date,
  timeZone: string,
): { readonly date: BusinessDate; readonly hour: number; readonly minute: number } {
  const parts = formatIn('en-GB', timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: 'hour' | 'minute') => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { date: businessDateIn(instant, timeZone), hour: part('hour'), minute: part('minute') };
}

/** The local date and time in a zone at an instant, to the second: 'YYYY-MM-DDTHH:mm:ss' (no offset). */
export function localDateTimeIn(instant: Date, timeZone: string): string {
  // sv-SE writes 'YYYY-MM-DD HH:mm:ss'.
  const format = formatIn('sv-SE', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return format.format(instant).replace(' ', 'T');
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a wall-clock time ('YYYY-MM-DDTHH:mm[:ss]', as a datetime-local field gives it) names
 * in a zone, as an ISO instant; null for text of another shape. A time the zone skips (the spring
 * gap) is taken with the offset before the change, and one it repeats (the autumn hour) as its
 * first occurrence, as people reading a clock there would.
 */
export function instantOfWallClock(wallClock: string, timeZone: string): string | null {
  const match = WALL_CLOCK.exec(wallClock);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  // A day or time that does not exist (31 February, 25:00) is not one.
  if (Number.isNaN(asUtc) || !new Date(asUtc).toISOString().startsWith(wallClock.slice(0, 16))) return null;
  // The zone's offset at an instant: its wall clock there read as UTC, minus the instant.
  const offsetAt = (instant: number) =>
    Date.parse(`${localDateTimeIn(new Date(instant), timeZone)}Z`) - instant;
  // Earliest instant whose wall clock is the one asked: try the offsets around the guess.
  const candidates = [offsetAt(asUtc - 86_400_000), offsetAt(asUtc), offsetAt(asUtc + 86_400_000)]
    .map((offset) => asUtc - offset)
    .filter((instant) => offsetAt(instant) === asUtc - instant)
    .sort((a, b) => a - b);
  const instant = candidates[0] ?? asUtc - offsetAt(asUtc - 86_400_000);
  return new Date(instant).toISOString();
}
