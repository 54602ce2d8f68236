import {
  CURRENCIES,
  exchangeRatesUpdateSchema,
  normaliseDecimal,
  type Currency,
  type ExchangeRateRow,
} from '@portal/contracts';
import type { FieldProblem } from '../../lib/api';

/** USD is the base (always 1); the other currencies are edited as rates per USD. */
export const EDITABLE_CURRENCIES = CURRENCIES.filter(
  (code): code is Exclude<Currency, 'USD'> => code !== 'USD',
);
export type EditableCurrency = (typeof EDITABLE_CURRENCIES)[number];

/** The text in each rate field while editing (decimal strings, never floats). */
export type RateDrafts = Readonly<Record<EditableCurrency, string>>;
/** Currency -> the rule's message shown beside its field. */
export type RateErrors = Readonly<Partial<Record<EditableCurrency, string>>>;

export function draftsOf(rows: readonly ExchangeRateRow[]): RateDrafts {
  const byCode = new Map(rows.map((row) => [row.currency, row.perUsd]));
  return Object.fromEntries(EDITABLE_CURRENCIES.map((code) => [code, byCode.get(code) ?? ''])) as RateDrafts;
}

/** The body of `PUT /api/admin/exchange-rates`: only the rates that changed. */
export interface RatesRequest {
  readonly rates: readonly { readonly currency: Currency; readonly perUsd: string }[];
}

export type RatesCheck =
  | { readonly ok: true; readonly request: RatesRequest | null }
  | { readonly ok: false; readonly errors: RateErrors };

/**
 * Checks every field with the contracts schema (the server's own rule) and keeps only the rates
 * that differ from the table; `request` is null when nothing changed.
 */
export function checkDrafts(drafts: RateDrafts, rows: readonly ExchangeRateRow[]): RatesCheck {
  const parsed = exchangeRatesUpdateSchema.safeParse({
    rates: EDITABLE_CURRENCIES.map((currency) => ({ currency, perUsd: drafts[currency] })),
  });
  if (!parsed.success) {
    const errors: Partial<Record<EditableCurrency, string>> = {};
    for (const issue of parsed.error.issues) {
      const index = issue.path[1];
      const currency = typeof index === 'number' ? EDITABLE_CURRENCIES[index] : undefined;
      if (currency) errors[currency] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const current = new Map(rows.map((row) => [row.currency, normaliseDecimal(row.perUsd)]));
  const changed = parsed.data.rates.filter((rate) => current.get(rate.currency) !== rate.perUsd);
  return {
    ok: true,
    request:
      changed.length > 0 ? { rates: changed.map(({ currency, perUsd }) => ({ currency, perUsd })) } : null,
  };
}

/** The server's field problems ('rates.0.perUsd', indexes of the sent list) by currency. */
export function serverErrorsOf(problems: readonly FieldProblem[], request: RatesRequest): RateErrors {
  const errors: Partial<Record<EditableCurrency, string>> = {};
  for (const problem of problems) {
    const match = /^rates\.(\d+)\./.exec(problem.path);
    const currency = match ? request.rates[Number(match[1])]?.currency : undefined;
    if (currency && currency !== 'USD') errors[currency] ??= problem.message;
  }
  return errors;
}
