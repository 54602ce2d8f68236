// Fixed dates: the rate date chosen for a given today and expense date (pure rules).
import { businessDateOf } from '../kernel/dates';
import {
  conversionApplies,
  convertAmount,
  crossRate,
  exchangeRateMessages,
  exchangeRatesQuerySchema,
  exchangeRatesUpdateSchema,
  isKnownCurrency,
  normaliseCurrencyCode,
  rateDateFor,
} from './index';

describe('rateDateFor: a day before today uses that day, otherwise the latest', () => {
  // Fixed clocks: "today" is the UTC calendar day of the instant.
  const at = (instant: string) => businessDateOf(new Date(instant));

  it.each([
    ['2026-11-19', '2026-11-20T00:00:00.000Z', '2026-11-19'],
    ['2026-11-19', '2026-11-20T23:59:59.999Z', '2026-11-19'],
    ['2025-02-28', '2026-11-20T12:00:00.000Z', '2025-02-28'],
    ['2026-11-20', '2026-11-20T00:00:00.000Z', 'latest'],
    ['2026-11-20', '2026-11-20T23:59:59.999Z', 'latest'],
    ['2026-11-21', '2026-11-20T12:00:00.000Z', 'latest'],
    ['2027-01-05', '2026-11-20T12:00:00.000Z', 'latest'],
    // Just after midnight UTC the previous day becomes "before today".
    ['2026-11-20', '2026-11-21T00:00:00.001Z', '2026-11-20'],
  ])('expense dated %s at %s -> %s', (expenseDate, now, expected) => {
    expect(rateDateFor(expenseDate, at(now))).toBe(expected);
  });

  it('refuses what is not a business date', () => {
    expect(() => rateDateFor('2026-02-30', '2026-11-20')).toThrow(RangeError);
    expect(() => rateDateFor('2026-11-20', '20-11-2026')).toThrow(RangeError);
  });
});

describe('currency codes', () => {
  it('are trimmed and upper-cased; blank is no currency', () => {
    expect(normaliseCurrencyCode(' cad ')).toBe('CAD');
    expect(normaliseCurrencyCode('Eur')).toBe('EUR');
    expect(normaliseCurrencyCode('   ')).toBeNull();
    expect(normaliseCurrencyCode(null)).toBeNull();
    expect(normaliseCurrencyCode(undefined)).toBeNull();
  });

  it('knows the six portal currencies only', () => {
    for (const code of ['USD', 'cad', ' eur', 'INR ', 'gbp', 'Aud']) expect(isKnownCurrency(code)).toBe(true);
    expect(isKnownCurrency('JPY')).toBe(false);
    expect(isKnownCurrency('')).toBe(false);
  });

  it('conversion applies only when both currencies are present', () => {
    expect(conversionApplies('usd', ' CAD ')).toBe(true);
    expect(conversionApplies('USD', '')).toBe(false);
    expect(conversionApplies('  ', 'CAD')).toBe(false);
    expect(conversionApplies(null, 'CAD')).toBe(false);
    expect(conversionApplies('USD', undefined)).toBe(false);
  });
});

describe('crossRate through USD', () => {
  it('divides the per-USD quotes exactly and rounds half up to 8 decimals', () => {
    expect(crossRate('1', '1.3912')).toBe('1.3912'); // USD -> CAD
    expect(crossRate('1.3912', '1')).toBe('0.71880391'); // 1 / 1.3912 = 0.718803910...
    expect(crossRate('83.125', '1')).toBe('0.01203008'); // 0.012030075... rounds up
    expect(crossRate('1.3912', '0.9215')).toBe('0.6623778'); // CAD -> EUR: 0.662377803... (no trailing zero)
    expect(crossRate('3', '1')).toBe('0.33333333');
    expect(crossRate('3', '2')).toBe('0.66666667');
  });

  it('is 1 for equal quotes and null for a missing or non-positive one', () => {
    expect(crossRate('1.50', '1.5')).toBe('1');
    expect(crossRate(null, '1.5')).toBeNull();
    expect(crossRate('1.5', undefined)).toBeNull();
    expect(crossRate('0', '1.5')).toBeNull();
    expect(crossRate('1.5', '-2')).toBeNull();
    expect(crossRate('abc', '1')).toBeNull();
  });
});

describe('convertAmount = amount x rate truncated to 2 decimals', () => {
  it.each([
    ['100', '1.3912', '139.12'],
    ['59.99', '0.71880391', '43.12'], // 43.1210465... truncated
    ['10', '0.66666667', '6.66'], // 6.6666667 would round to 6.67
    ['0.1', '3', '0.30'], // no float error (0.30000000000000004)
    ['12.345', null, '12.34'], // no rate -> 1
  ])('%s x %s -> %s', (amount, rate, claimed) => {
    expect(convertAmount(amount, rate)).toBe(claimed);
  });

  it('refuses a non-positive rate', () => {
    expect(() => convertAmount('10', '0')).toThrow(RangeError);
  });
});

describe('request schemas', () => {
  it('parses the rates query, normalising currency codes', () => {
    expect(exchangeRatesQuerySchema.parse({ date: '2026-11-20', from: ' cad', to: 'usd ' })).toEqual({
      date: '2026-11-20',
      from: 'CAD',
      to: 'USD',
    });
    expect(exchangeRatesQuerySchema.parse({ date: '2026-11-20' })).toEqual({
      date: '2026-11-20',
      from: null,
      to: null,
    });
    const bad = exchangeRatesQuerySchema.safeParse({ date: '2026-13-01', from: 'JPY' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['date', exchangeRateMessages.dateInvalid],
      ['from', exchangeRateMessages.currencyUnknown],
    ]);
  });

  it('accepts known currencies with positive decimal rates per USD', () => {
    expect(
      exchangeRatesUpdateSchema.parse({
        rates: [
          { currency: ' cad ', perUsd: '1.39120' },
          { currency: 'USD', perUsd: '1.00' },
          { currency: 'inr', perUsd: 83.125 },
        ],
      }),
    ).toEqual({
      rates: [
        { currency: 'CAD', perUsd: '1.3912' },
        { currency: 'USD', perUsd: '1' },
        { currency: 'INR', perUsd: '83.125' },
      ],
    });
  });

  it('names each bad field', () => {
    const result = exchangeRatesUpdateSchema.safeParse({
      rates: [
        { currency: 'JPY', perUsd: '150' },
        { currency: 'CAD', perUsd: '0' },
        { currency: 'EUR', perUsd: 'abc' },
        { currency: 'USD', perUsd: '2' },
        { currency: 'cad', perUsd: '1.4' },
        { currency: 'GBP' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rates.0.currency', exchangeRateMessages.currencyUnknown],
      ['rates.1.perUsd', exchangeRateMessages.rateInvalid],
      ['rates.2.perUsd', exchangeRateMessages.rateInvalid],
      ['rates.3.perUsd', exchangeRateMessages.usdIsBase],
      ['rates.5.perUsd', exchangeRateMessages.rateRequired],
    ]);
    expect(exchangeRatesUpdateSchema.safeParse({ rates: [] }).error?.issues[0].message).toBe(
      exchangeRateMessages.noRates,
    );
  });

  it('refuses a currency listed twice', () => {
    const result = exchangeRatesUpdateSchema.safeParse({
      rates: [
        { currency: 'CAD', perUsd: '1.39' },
        { currency: ' cad', perUsd: '1.4' },
      ],
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rates.1.currency', exchangeRateMessages.duplicateCurrency],
    ]);
  });
});
