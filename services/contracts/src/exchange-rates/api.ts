import { z } from 'zod';
import { CURRENCIES, type Currency } from '../kernel/constants';
import { isBusinessDate, type BusinessDate } from '../kernel/dates';
import { documented, requestObject, requiredDecimalField } from '../kernel/fields';
import { rateRule, type DecimalRule } from '../kernel/decimal-rules';
import { normaliseCurrencyCode, type RateDate } from './rates';

/** Exchange-rate requests and responses of the API, its messages, and the ExchangeRatesSet event. */

/** The largest rate per USD an admin may set (a decimal string; the weakest currency listed is ~100). */
export const EXCHANGE_RATE_MAX = '1000000';

export const exchangeRateMessages = {
  dateRequired: 'Date must have a value',
  dateInvalid: 'Date must be a date (YYYY-MM-DD)',
  currencyUnknown: `Currency must be one of ${CURRENCIES.join(', ')}`,
  currencyRequired: 'Currency must have a value',
  rateRequired: 'Rate per USD must have a value',
  rateInvalid: 'Rate per USD must be a decimal number greater than 0',
  rateTooLarge: `Rate per USD must be at most ${EXCHANGE_RATE_MAX}`,
  rateTooPrecise: 'Rate per USD can have at most 8 decimal places',
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
export const exchangeRatesQuerySchema = requestObject({
  date: z
    .string({ message: exchangeRateMessages.dateRequired })
    .trim()
    .min(1, exchangeRateMessages.dateRequired)
    .refine(isBusinessDate, exchangeRateMessages.dateInvalid),
  from: optionalCurrencyField.optional().transform((v) => v ?? null),
  to: optionalCurrencyField.optional().transform((v) => v ?? null),
});
export type ExchangeRatesQuery = z.output<typeof exchangeRatesQuerySchema>;

/**
 * A rate per USD: greater than 0, at most EXCHANGE_RATE_MAX, at most 8 decimals (as the review's
 * admin rate). A JSON number outside that range (9007199254740993, which JSON.parse has already
 * turned into ...992) is refused, never stored changed.
 */
export const exchangeRateRule: DecimalRule = rateRule(EXCHANGE_RATE_MAX, {
  notNumber: exchangeRateMessages.rateInvalid,
  notPositive: exchangeRateMessages.rateInvalid,
  tooLarge: exchangeRateMessages.rateTooLarge,
  offStep: exchangeRateMessages.rateTooPrecise,
});

const perUsdField = documented(requiredDecimalField(exchangeRateRule, exchangeRateMessages.rateRequired), {
  type: ['string', 'number'],
  description: `Units of the currency one USD buys: a decimal greater than 0, at most ${EXCHANGE_RATE_MAX}, at most 8 decimals.`,
  required: true,
});

export const exchangeRateItemSchema = requestObject({ currency: currencyField, perUsd: perUsdField }).refine(
  (item) => item.currency !== 'USD' || item.perUsd === '1',
  {
    message: exchangeRateMessages.usdIsBase,
    path: ['perUsd'],
  },
);

/** PUT /api/admin/exchange-rates (embedded table only): the listed currencies change, others stay. */
export const exchangeRatesUpdateSchema = requestObject({
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

export interface ExchangeRatesSetData {
  /** The rates the admin set. */
  readonly rates: readonly { readonly currency: Currency; readonly perUsd: string }[];
  /** What those currencies were before. */
  readonly previous: readonly { readonly currency: Currency; readonly perUsd: string | null }[];
}
