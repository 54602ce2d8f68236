import { isBusinessDate, normaliseCurrencyCode, isKnownCurrency, type Currency } from '@portal/contracts';

export type ExchangeRatesSource = 'embedded' | 'provider';

/**
 * The ExchangeRates port: how many units of `to` one unit of `from` buys for an expense dated
 * `date`, as a decimal string, or null when unknown. Two adapters implement it (the embedded rates
 * table and the HTTP provider of EXCHANGE_RATES_URL) and both pass exchange-rates.contract.ts.
 *
 * The shared part lives here: codes are trimmed and upper-cased, a blank code or a currency
 * outside CURRENCIES is unknown (null), the same currency is '1'. Adapters only look up a pair
 * of distinct known currencies and apply the rate-date rule (`rateDateFor` in contracts).
 */
export abstract class ExchangeRates {
  abstract readonly source: ExchangeRatesSource;

  async rateFor(from: string, to: string, date: string): Promise<string | null> {
    if (!isBusinessDate(date)) throw new RangeError(`Not a business date: ${date}`);
    const fromCode = normaliseCurrencyCode(from);
    const toCode = normaliseCurrencyCode(to);
    if (!isKnownCurrency(fromCode) || !isKnownCurrency(toCode)) return null;
    if (fromCode === toCode) return '1';
    return this.lookUp(fromCode, toCode, date);
  }

  /** A pair of distinct known currencies; `date` is the expense's business date. */
  protected abstract lookUp(from: Currency, to: Currency, date: string): Promise<string | null>;
}
