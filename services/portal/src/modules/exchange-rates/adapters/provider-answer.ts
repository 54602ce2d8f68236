import { normaliseDecimal, parseDecimal, PortalDecimal } from '@portal/contracts';

/**
 * Reading the provider's answer `{ "base": "USD", "date": "2026-11-20", "rates": { "CAD": "1.3912" } }`
 * without ever turning a rate into a float: every JSON number is first rewritten as a string of
 * its own source text, then the decimal strings are checked and normalised with decimal.js.
 */

/** Rewrites every number literal outside strings as a JSON string of the same text. */
export function quoteJsonNumbers(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      // Copy a string literal verbatim, escapes included.
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
      let j = i + 1;
      while (j < text.length && /[0-9eE.+-]/.test(text[j])) j++;
      out += `"${text.slice(i, j)}"`;
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

export interface ProviderRates {
  readonly base: string;
  /** Upper-case code -> normalised positive decimal string. */
  readonly rates: Readonly<Record<string, string>>;
}

/** Parses and checks an answer for `base`; throws an Error saying what is wrong. */
export function parseProviderAnswer(text: string, expectedBase: string): ProviderRates {
  let body: unknown;
  try {
    body = JSON.parse(quoteJsonNumbers(text));
  } catch {
    throw new Error('the answer is not JSON');
  }
  if (typeof body !== 'object' || body === null) throw new Error('the answer is not an object');
  const { base, rates } = body as { base?: unknown; rates?: unknown };
  if (typeof base !== 'string' || base.trim().toUpperCase() !== expectedBase) {
    throw new Error(`the answer's base is ${JSON.stringify(base)}, not ${expectedBase}`);
  }
  if (typeof rates !== 'object' || rates === null || Array.isArray(rates)) {
    throw new Error('the answer has no "rates" object');
  }
  const checked: Record<string, string> = {};
  for (const [code, value] of Object.entries(rates as Record<string, unknown>)) {
    const currency = code.trim().toUpperCase();
    const rate = parseRate(value);
    // Entries that are not a positive decimal (or a code) are left out: unknown, not wrong.
    if (/^[A-Z]{3}$/.test(currency) && rate !== null && rate.greaterThan(0)) {
      checked[currency] = normaliseDecimal(rate);
    }
  }
  return { base: expectedBase, rates: checked };
}

const EXPONENT_NUMBER = /^\d+(\.\d+)?[eE][+-]?\d+$/;

/** A decimal string, also in exponent form ('1.2e-5'), straight from its text. */
function parseRate(value: unknown): PortalDecimal | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return EXPONENT_NUMBER.test(text) ? new PortalDecimal(text) : parseDecimal(text);
}
