import { z } from 'zod';
import { CURRENCIES, type Currency } from './constants';
import { isBusinessDate, type BusinessDate } from './dates';
import { PortalDecimal, parseDecimal, truncateTo, type DecimalInput } from './money';

/**
 * Exchange rates: which day's rate an expense uses, currency codes, cross rates through USD and
 * the conversion of an amount. Pure rules shared by the server (platform/exchange-rates) and the
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

function positiveDecimal(input: DecimalInput | null | undefined): PortalDecimal | null {
  if (input === null || input === undefined) return null;
  const parsed = input instanceof PortalDecimal ? input : parseDecimal(input);
  return parsed && parsed.greaterThan(0) ? parsed : null;
}

// ---------------------------------------------------------------------------------------------
// API

export const exchangeRateMessages = {
  dateRequired: 'Date must have a value',
  dateInvalid: 'Date must be a date (YYYY-MM-DD)',
  currencyUnknown: `Currency must be one of ${CURRENCIES.join(', ')}`,
  currencyRequired: 'Currency must have a value',
  rateRequired: 'Rate per USD must have a value',
  rateInvalid: 'Rate per USD must be a decimal number greater than 0',
  usdIsBase: 'USD is the base currency: its rate per USD is always 1',
  duplicateCurrency: 'Each currency can be listed only once',
  noRates: 'Give at least one rate',
  providerConfigured:
    'Exchange rates come from the provider configured by EXCHANGE_RATES_URL and cannot be edited here.',
  updated: 'Exchange rates have been updated.',
} as const;

const currencyField = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseCurrencyCode(value) : value),
  z
    .string({ message: exchangeRateMessages.currencyRequired })
    .refine((code) => (CURRENCIES as readonly string[]).includes(code), exchangeRateMessages.currencyUnknown),
) as z.ZodType<Currency>;

const optionalCurrencyField = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseCurrencyCode(value) : (value ?? null)),
  z
    .string()
    .refine((code) => (CURRENCIES as readonly string[]).includes(code), exchangeRateMessages.currencyUnknown)
    .nullable(),
) as z.ZodType<Currency | null>;

/** GET /api/exchange-rates?date=YYYY-MM-DD[&from=CAD&to=USD] */
export const exchangeRatesQuerySchema = z.object({
  date: z
    .string({ message: exchangeRateMessages.dateRequired })
    .trim()
    .min(1, exchangeRateMessages.dateRequired)
    .refine(isBusinessDate, exchangeRateMessages.dateInvalid),
  from: optionalCurrencyField.optional().transform((v) => v ?? null),
  to: optionalCurrencyField.optional().transform((v) => v ?? null),
});
export type ExchangeRatesQuery = z.output<typeof exchangeRatesQuerySchema>;

const perUsdField = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z
    .string({ message: exchangeRateMessages.rateRequired })
    .trim()
    .min(1, exchangeRateMessages.rateRequired)
    .refine((text) => positiveDecimal(text) !== null, exchangeRateMessages.rateInvalid)
    .transform((text) => new PortalDecimal(text).toFixed()),
);

export const exchangeRateItemSchema = z
  .object({ currency: currencyField, perUsd: perUsdField })
  .refine((item) => item.currency !== 'USD' || item.perUsd === '1', {
    message: exchangeRateMessages.usdIsBase,
    path: ['perUsd'],
  });

/** PUT /api/admin/exchange-rates (embedded table only): the listed currencies change, others stay. */
export const exchangeRatesUpdateSchema = z.object({
  rates: z
    .array(exchangeRateItemSchema, { message: exchangeRateMessages.noRates })
    .min(1, exchangeRateMessages.noRates)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.currency)) {
          ctx.addIssue({
            code: 'custom',
            message: exchangeRateMessages.duplicateCurrency,
            path: [index, 'currency'],
          });
        }
        seen.add(item.currency);
      });
    }),
});
export type ExchangeRatesUpdateRequest = z.output<typeof exchangeRatesUpdateSchema>;
export type ExchangeRatesUpdateInput = z.input<typeof exchangeRatesUpdateSchema>;

export interface CurrencyRate {
  readonly currency: Currency;
  /** Units of the currency one USD buys; null when the provider does not know it. */
  readonly perUsd: string | null;
}

export type ExchangeRatesSource = 'embedded' | 'provider';

/** GET /api/exchange-rates */
export interface ExchangeRatesResponse {
  /** The date asked for. */
  readonly date: BusinessDate;
  /** The day whose rates answer it ('latest' for today or later). */
  readonly rateDate: RateDate;
  readonly source: ExchangeRatesSource;
  /** PUT /api/admin/exchange-rates is possible (embedded table). */
  readonly editable: boolean;
  readonly base: 'USD';
  readonly rates: readonly CurrencyRate[];
  /** Present when `from` and `to` were given: the rate the server applies to an expense. */
  readonly conversion: {
    readonly from: Currency;
    readonly to: Currency;
    readonly rate: string | null;
  } | null;
}

export interface ExchangeRateRow {
  readonly currency: Currency;
  readonly perUsd: string;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

/** PUT /api/admin/exchange-rates */
export interface ExchangeRatesUpdateResponse {
  readonly rates: readonly ExchangeRateRow[];
  readonly position: string | null;
}

// ---------------------------------------------------------------------------------------------
// Events

export interface ExchangeRatesSetData {
  /** The rates the admin set. */
  readonly rates: readonly { readonly currency: Currency; readonly perUsd: string }[];
  /** What those currencies were before. */
  readonly previous: readonly { readonly currency: Currency; readonly perUsd: string | null }[];
}
