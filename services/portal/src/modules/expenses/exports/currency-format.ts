import { normaliseCurrencyCode } from '@portal/contracts';

/**
 * How a claimed amount shows in the spreadsheet: a number cell whose Excel number format carries
 * the currency symbol of the project currency ($ USD, C$ CAD, € EUR, ₹ INR, £ GBP, A$ AUD). An
 * unknown code is shown after the amount ('12.50 CHF'), so nothing is ever shown as dollars by
 * mistake.
 */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  CAD: 'C$',
  EUR: '€',
  INR: '₹',
  GBP: '£',
  AUD: 'A$',
};

const AMOUNT = '#,##0.00';

/** Excel number format text for amounts in `currency` (trimmed, upper-cased); plain when null. */
export function currencyNumberFormat(currency: string | null): string {
  const code = normaliseCurrencyCode(currency);
  if (code === null) return AMOUNT;
  const symbol = CURRENCY_SYMBOLS[code];
  if (symbol) return `"${symbol}"${AMOUNT};-"${symbol}"${AMOUNT}`;
  // Only letters reach a format string: a code is three letters, anything else is dropped.
  const safe = code.replace(/[^A-Z]/g, '');
  return safe === '' ? AMOUNT : `${AMOUNT} "${safe}";-${AMOUNT} "${safe}"`;
}
