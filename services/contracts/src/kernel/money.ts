import Decimal from 'decimal.js';
import { HOURLY_VALUE } from './constants';

/**
 * Exact decimal arithmetic for hours and money. Values travel as decimal strings; JavaScript
 * numbers are only ever parsed, never used in arithmetic. A private Decimal clone keeps the
 * portal's precision independent of anyone else's global Decimal settings.
 */
export const PortalDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type PortalDecimal = InstanceType<typeof PortalDecimal>;

export type DecimalInput = string | number | PortalDecimal;

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Parses a decimal string or a finite number; null when it is not one. */
export function parseDecimal(input: unknown): PortalDecimal | null {
  if (typeof input === 'number') return Number.isFinite(input) ? new PortalDecimal(String(input)) : null;
  if (typeof input === 'string' && DECIMAL_TEXT.test(input.trim())) return new PortalDecimal(input.trim());
  return null;
}

function toDecimal(input: DecimalInput): PortalDecimal {
  if (input instanceof PortalDecimal) return input;
  const parsed = parseDecimal(input);
  if (!parsed) throw new RangeError(`Not a decimal: ${String(input)}`);
  return parsed;
}

/** The canonical text of a decimal: no exponent, no trailing zeros ('7.50' -> '7.5'). */
export function normaliseDecimal(input: DecimalInput): string {
  return toDecimal(input).toFixed();
}

/** Cuts (never rounds) to `places` decimals, keeping exactly that many digits: '12.349' -> '12.34'. */
export function truncateTo(input: DecimalInput, places: number): string {
  return toDecimal(input).toFixed(places, PortalDecimal.ROUND_DOWN);
}

/** A timesheet line's value: hours x 200, truncated to 2 decimals (spec §9). */
export function timesheetValue(hours: DecimalInput): string {
  return truncateTo(toDecimal(hours).times(HOURLY_VALUE), 2);
}

/** Exact sum, as a normalised decimal string ('0' for none). */
export function sumDecimals(values: readonly DecimalInput[]): string {
  return values.reduce<PortalDecimal>((sum, v) => sum.plus(toDecimal(v)), new PortalDecimal(0)).toFixed();
}

/** Exact sum shown with a fixed number of decimals (money: 2). */
export function sumMoney(values: readonly DecimalInput[], places = 2): string {
  return new PortalDecimal(sumDecimals(values)).toFixed(places, PortalDecimal.ROUND_DOWN);
}

export function isWholeNumber(input: DecimalInput): boolean {
  return toDecimal(input).isInteger();
}

export function decimalPlaces(input: DecimalInput): number {
  return toDecimal(input).decimalPlaces();
}

export function compareDecimals(a: DecimalInput, b: DecimalInput): number {
  return toDecimal(a).comparedTo(toDecimal(b));
}
