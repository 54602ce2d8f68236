import { format, parseISO } from 'date-fns';
import { businessToday } from './business-day';

/**
 * Table dates read like 'Tue Jan 05' (spec §9); a date of another year than `today`'s says its
 * year ('Sat Jan 31, 2027'), so no list (projects, holidays, a period across New Year) leaves the
 * reader guessing. A business date has no time zone, so parsing it as a local calendar day gives
 * the same weekday as its UTC day.
 */
export function formatTableDate(date: string, today: string = businessToday()): string {
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return format(parseISO(date), sameYear ? 'EEE MMM dd' : 'EEE MMM dd, yyyy');
}

/** 'Jan 5, 2026, 14:03' in the reader's time zone, for instants (mail outbox). */
export function formatInstant(instant: string): string {
  return format(parseISO(instant), 'MMM d, yyyy, HH:mm');
}

/**
 * Shows a decimal string (hours, money) without turning it into a float: thousands separators
 * on the whole part, the fraction kept as sent, padded to `minFraction` digits.
 */
export function formatDecimal(value: string | null | undefined, minFraction = 0): string {
  if (value === null || value === undefined || value === '') return '';
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^[-+]/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const digits = fraction.padEnd(minFraction, '0');
  return `${negative ? '-' : ''}${grouped}${digits ? `.${digits}` : ''}`;
}

/** The full date for a table cell's title: 'Tuesday, January 5, 2026'. */
export function formatFullDate(date: string): string {
  return format(parseISO(date), 'EEEE, MMMM d, yyyy');
}
