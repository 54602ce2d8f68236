import { CURRENCIES, type Currency } from '../kernel/constants';
import { isBusinessDate, type BusinessDate } from '../kernel/dates';
import { PortalDecimal, parseDecimal, truncateTo, type DecimalInput } from '../kernel/money';

/**
 * Exchange rates: which day's rate an expense uses, currency codes, cross rates through USD and
 * the conversion of an amount. Pure rules shared by the server (the exchange-rates context) and the
 * web, so both show the same numbers. A rate is a decimal string: how many units of `to` one
 * unit of `from` buys.
 */

/** Cross rates computed through USD keep this many decimals (rounded half up). */
export const CROSS_RATE_DECIMALS = 8;

/** The stream of admin edits to the embedded rates table. */
export const EXCHANGE_RATES_STREAM = 'exchange-rates';

/** 'latest' = the provider's newest rate (cached under today's date). */
export type RateDate = BusinessDate | 'latest';

/** Trimmed and upper-cased; null when nothing is left (blank, null, undefined). */
export function normaliseCurrencyCode(code: string | null | undefined): string | null {
  if (typeof code !== 'string') return null;
  const text = code.trim().toUpperCase();
  return text === '' ? null : text;
}

export function isKnownCurrency(code: string | null | undefined): code is Currency {
  const normalised = normaliseCurrencyCode(code);
  return normalised !== null && (CURRENCIES as readonly string[]).includes(normalised);
}

/** Conversion runs only when both the receipt currency and the target currency are present. */
export function conversionApplies(from: string | null | undefined, to: string | null | undefined): boolean {
  return normaliseCurrencyCode(from) !== null && normaliseCurrencyCode(to) !== null;
}

/**
 * The rate-date rule: an expense dated before today uses that day's rate; today or later uses the
 * latest rate. Both dates are business dates ('YYYY-MM-DD'); `today` comes from the Clock.
 */
export function rateDateFor(expenseDate: BusinessDate, today: BusinessDate): RateDate {
  if (!isBusinessDate(expenseDate)) throw new RangeError(`Not a business date: ${expenseDate}`);
  if (!isBusinessDate(today)) throw new RangeError(`Not a business date: ${today}`);
  return expenseDate < today ? expenseDate : 'latest';
}

/**
 * The rate from `from` to `to` when both are quoted per USD (units of the currency one USD buys):
 * perUsd(to) / perUsd(from), rounded half up to CROSS_RATE_DECIMALS and written without trailing
 * zeros. Null when either quote is missing or not a positive decimal.
 */
export function crossRate(
  fromPerUsd: DecimalInput | null | undefined,
  toPerUsd: DecimalInput | null | undefined,
): string | null {
  const from = positiveDecimal(fromPerUsd);
  const to = positiveDecimal(toPerUsd);
  if (!from || !to) return null;
  if (from.equals(to)) return '1';
  return new PortalDecimal(
    to.dividedBy(from).toFixed(CROSS_RATE_DECIMALS, PortalDecimal.ROUND_HALF_UP),
  ).toFixed();
}

/** Amount x rate (1 when there is no rate), truncated (never rounded) to 2 decimals. */
export function convertAmount(amount: DecimalInput, rate: DecimalInput | null | undefined): string {
  const parsedAmount = parseDecimal(amount instanceof PortalDecimal ? amount.toFixed() : amount);
  if (!parsedAmount) throw new RangeError(`Not a decimal: ${String(amount)}`);
  const parsedRate = rate === null || rate === undefined ? new PortalDecimal(1) : positiveDecimal(rate);
  if (!parsedRate) throw new RangeError(`Not a positive rate: ${String(rate)}`);
  return truncateTo(parsedAmount.times(parsedRate), 2);
}

export function positiveDecimal(input: DecimalInput | null | undefined): PortalDecimal | null {
  if (input === null || input === undefined) return null;
  const parsed = input instanceof PortalDecimal ? input : parseDecimal(input);
  return parsed && parsed.greaterThan(0) ? parsed : null;
}
