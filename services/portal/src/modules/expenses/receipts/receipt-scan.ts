import type { Currency, ReceiptScan } from '@portal/contracts';
/**
 * Finds a receipt's total, transaction date, vendor and currency in the text read from it (a
 * PDF's text layer, or OCR of a photo). Pure functions: the reading is elsewhere
 * (platform/files/pdf-text.ts, platform/ocr). When nothing plausible is found the answer is null:
 * the form then says so and stays empty (never a made-up amount).
 */

export const EMPTY_SCAN: ReceiptScan = { total: null, date: null, vendor: null, currency: null };

/** How the person's locale reads what a receipt leaves open. */
export interface ReceiptLocale {
  /** 05/11/26 is 5 November (true) or May 11 (false) when both numbers could be a month. */
  readonly dayFirst: boolean;
  /** The currency a bare '$' means there (null: none; the form keeps its own). */
  readonly dollar: Currency | null;
}

/** Month first, a bare '$' names no currency: the reading when the locale is unknown. */
export const NEUTRAL_LOCALE: ReceiptLocale = { dayFirst: false, dollar: null };

export function scanReceiptText(text: string | null, locale: ReceiptLocale = NEUTRAL_LOCALE): ReceiptScan {
  if (text === null || text.trim() === '') return EMPTY_SCAN;
  return {
    total: findReceiptTotal(text),
    date: findReceiptDate(text, locale),
    vendor: findReceiptVendor(text),
    currency: findReceiptCurrency(text, locale),
  };
}

function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

// ---------------------------------------------------------------- total

/**
 * Money with two decimals: 1,234.56 / 1234.56 / 1.234,56 / 12,34. A leading '-', or parentheses
 * around it, mark a refund; a lone '(' before it is OCR's reading of a '$' ('($12.34').
 */
const AMOUNT =
  /(-|\()?\s?(?:[$€£₹]|C\$|A\$|US\$)?\s?(\d{1,3}(?:[,.\u00a0\u202f]\d{3})+|\d+)([.,])(\d{2})(?!\d)(\s?\))?/g;
const CURRENCY_MARK = /(?:[$€£₹]|\b(?:USD|CAD|EUR|GBP|INR|AUD)\b)/;

interface Amount {
  readonly value: string;
  readonly cents: bigint;
  readonly marked: boolean;
}

function amountsIn(line: string): Amount[] {
  const found: Amount[] = [];
  for (const match of line.matchAll(AMOUNT)) {
    // Negative or in parentheses: a discount or refund, not a total.
    if (match[1] === '-' || (match[1] === '(' && match[5])) continue;
    const whole = match[2].replace(/[,.\u00a0\u202f]/g, '').replace(/^0+(?=\d)/, '');
    const value = `${whole}.${match[4]}`;
    const before = line.slice(Math.max(0, (match.index ?? 0) - 4), (match.index ?? 0) + match[0].length);
    found.push({ value, cents: BigInt(whole) * 100n + BigInt(match[4]), marked: CURRENCY_MARK.test(before) });
  }
  return found.filter((a) => a.cents > 0n);
}

/** Labels of a total, strongest first; a line's score is its best label's. */
const TOTAL_LABELS: readonly (readonly [RegExp, number])[] = [
  [/\bgrand\s*total\b/i, 100],
  [/\b(?:amount|balance|total)\s*due\b/i, 95],
  [/\b(?:total|amount)\s*(?:paid|charged)\b/i, 90],
  [/\btotal\s*(?:amount|price|cost|sale)\b/i, 88],
  [/\b(?:invoice|order|receipt)\s*total\b/i, 88],
  [/\btotal\b/i, 80],
  [/\bamount\b/i, 50],
  [/\bbalance\b/i, 45],
  [/\b(?:charged|paid)\b/i, 40],
];
/** Lines that name a part of the total, not the total. */
const NOT_A_TOTAL =
  /\bsub\s*-?\s*total\b|\b(?:tax|vat|gst|hst|pst|tip|gratuity|discount|savings?|saved|change|points|items?|qty|quantity|previous|deposit)\b/i;

/**
 * The most plausible total: the amount on (or right after) the line with the strongest total label;
 * among equally strong lines the largest amount. Without any label, the largest amount that
 * carries a currency mark. Null when there is none.
 */
export function findReceiptTotal(text: string): string | null {
  const lines = linesOf(text);
  let best: { score: number; amount: Amount } | null = null;
  const consider = (score: number, amount: Amount) => {
    if (!best || score > best.score || (score === best.score && amount.cents > best.amount.cents)) {
      best = { score, amount };
    }
  };
  lines.forEach((line, index) => {
    if (NOT_A_TOTAL.test(line)) return;
    const label = TOTAL_LABELS.find(([pattern]) => pattern.test(line));
    if (!label) return;
    let amounts = amountsIn(line);
    // Two-column layouts put the amount on the next line by itself.
    if (amounts.length === 0 && index + 1 < lines.length && !/[a-z]{3,}/i.test(lines[index + 1])) {
      amounts = amountsIn(lines[index + 1]);
    }
    // The amount closest to the label's end (the last one on the line) is the one it names.
    if (amounts.length > 0) consider(label[1], amounts[amounts.length - 1]);
  });
  if (best) return (best as { amount: Amount }).amount.value;
  for (const line of lines) {
    for (const amount of amountsIn(line)) if (amount.marked) consider(0, amount);
  }
  return best ? (best as { amount: Amount }).amount.value : null;
}

// ---------------------------------------------------------------- date

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

const monthOfName = (name: string) => MONTHS[name.toLowerCase().slice(0, 3)];
const fullYear = (text: string) => {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 70 ? 2000 + year : 1900 + year;
};

type DateMatcher = (match: RegExpMatchArray, locale: ReceiptLocale) => [number, number, number] | null;

const DATE_FORMATS: readonly (readonly [RegExp, DateMatcher])[] = [
  // ISO 2026-03-14, also 2026/03/14 and 2026.03.14
  [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  // 03/14/2026, 3-14-26, 14/03/2026, 05/11/26: day first when the first number cannot be a month,
  // month first when the second cannot; when both can, the locale's order decides.
  [
    /\b(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})\b/g,
    (m, locale) => {
      const [a, b, year] = [Number(m[1]), Number(m[2]), fullYear(m[3])];
      if (a > 12 && b <= 12) return [year, b, a];
      if (b > 12) return [year, a, b];
      return locale.dayFirst ? [year, b, a] : [year, a, b];
    },
  ],
  // European 14.03.2026
  [/\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g, (m) => [Number(m[3]), Number(m[2]), Number(m[1])]],
  // March 14, 2026 / Mar 14 2026 / Mar. 14th, 2026 / Nov 5 '26 (a two-digit year not followed by ':')
  [
    new RegExp(
      `\\b${MONTH_NAME}\\s*(\\d{1,2})(?:st|nd|rd|th)?(?:,\\s*|\\s+)'?(\\d{4}|\\d{2}(?![:\\d]))\\b`,
      'gi',
    ),
    (m) => [fullYear(m[3]), monthOfName(m[1]), Number(m[2])],
  ],
  // 14 March 2026 / 14-Mar-2026 / 14 Mar, 2026 / 5 NOV 26 / 05NOV26
  [
    new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s-]*${MONTH_NAME}[\\s,-]*'?(\\d{4}|\\d{2}(?![:\\d]))\\b`,
      'gi',
    ),
    (m) => [fullYear(m[3]), monthOfName(m[2]), Number(m[1])],
  ],
];

function isoDate([year, month, day]: [number, number, number]): string | null {
  if (!month || year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const TRANSACTION_LABEL =
  /\b(?:transaction|purchase|sale|order|invoice|receipt|payment|paid|billing|issue|trans)\b.{0,12}\bdate\b|\bdate\b.{0,6}\b(?:of\s+)?(?:purchase|transaction|issue|sale)\b/i;
const DATE_LABEL = /\bdated?\b/i;
const OTHER_DATE = /\b(?:due|expir\w*|exp|valid|until|print\w*|birth|return\w*)\b/i;

/**
 * The transaction date: among every calendar-valid date in the text, the one on the line that
 * best names a transaction date ('Transaction date', 'Date:'), avoiding due/expiry dates; the
 * earliest in the text among equals. Null when there is none.
 */
export function findReceiptDate(text: string, locale: ReceiptLocale = NEUTRAL_LOCALE): string | null {
  let best: { score: number; date: string } | null = null;
  for (const line of linesOf(text)) {
    const score =
      (TRANSACTION_LABEL.test(line) ? 3 : DATE_LABEL.test(line) ? 2 : 1) - (OTHER_DATE.test(line) ? 2 : 0);
    const found: { at: number; date: string }[] = [];
    for (const [pattern, read] of DATE_FORMATS) {
      for (const match of line.matchAll(pattern)) {
        const fields = read(match, locale);
        const date = fields ? isoDate(fields) : null;
        if (date) found.push({ at: match.index ?? 0, date });
      }
    }
    found.sort((a, b) => a.at - b.at);
    if (found.length > 0 && (!best || score > best.score)) best = { score, date: found[0].date };
  }
  return best?.date ?? null;
}

// ---------------------------------------------------------------- vendor

/** Lines at the top that name the document, greet, or give an address, not the vendor. */
const NOT_A_VENDOR =
  /^(?:(?:sales\s+|tax\s+)?receipt|invoice|tax\s+invoice|bill|welcome|thank\s*you|customer\s+copy|merchant\s+copy|duplicate|copy|tel|phone|fax|www\.|https?:)\b/i;
const ADDRESS_OR_NUMBERS =
  /^\d+\s+\w+\s+(?:st|street|ave|avenue|rd|road|blvd|dr|drive|way|lane|ln)\b|^[\d\s()+./:#-]+$/i;
const VENDOR_LINES_SEARCHED = 4;
const VENDOR_MAX_LENGTH = 80;

/**
 * The vendor: the first of the top lines with a word of three letters or more (one with a vowel) that is not a
 * document title, greeting, address, date or amount. OCR's stray marks at either end are dropped.
 */
export function findReceiptVendor(text: string): string | null {
  for (const raw of linesOf(text).slice(0, VENDOR_LINES_SEARCHED)) {
    const line = raw
      .replace(/^(?:\S\s+)+(?=\p{L}{3,})/u, '') // OCR's stray marks ('i Granville Books', '| Cafe')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.)'&]+$/gu, '');
    // A name has a word of three letters or more with a vowel (OCR's noise at a photo's edge: 'CTT)').
    if (
      !/(?=\p{L}*[aeiouy])\p{L}{3,}/iu.test(line) ||
      NOT_A_VENDOR.test(line) ||
      ADDRESS_OR_NUMBERS.test(line)
    )
      continue;
    if (amountsIn(line).length > 0 || findReceiptDate(line) !== null) continue;
    return line.slice(0, VENDOR_MAX_LENGTH).trim();
  }
  return null;
}

// ---------------------------------------------------------------- currency

/** Printed marks and the currency each names, most specific first (C$ before $). */
const CURRENCY_MARKS: readonly (readonly [RegExp, Currency])[] = [
  [/\bCAD\b|\bC\s?\$|\bCA\s?\$/, 'CAD'],
  [/\bUSD\b|\bUS\s?\$/, 'USD'],
  [/\bAUD\b|\bA\s?\$|\bAU\s?\$/, 'AUD'],
  [/\bEUR\b|€/, 'EUR'],
  [/\bGBP\b|£/, 'GBP'],
  [/\bINR\b|₹|\bRs\.?\s?\d/, 'INR'],
];

/**
 * The currency printed on the receipt: the one named on the total's line when it names one,
 * else the first named anywhere; a bare '$' means the locale's dollar (none when it has none).
 */
export function findReceiptCurrency(text: string, locale: ReceiptLocale = NEUTRAL_LOCALE): Currency | null {
  const lines = linesOf(text);
  const named = (line: string) => CURRENCY_MARKS.find(([mark]) => mark.test(line))?.[1] ?? null;
  const totalLine = lines.find((line) => !NOT_A_TOTAL.test(line) && /\btotal\b|\bdue\b/i.test(line));
  const onTotal = totalLine ? named(totalLine) : null;
  if (onTotal) return onTotal;
  for (const line of lines) {
    const currency = named(line);
    if (currency) return currency;
  }
  return lines.some((line) => line.includes('$')) ? locale.dollar : null;
}

/** A locale tag's reading (e.g. 'en-GB': day first; 'en-CA': month first, '$' is CAD), from ICU. */
export function receiptLocaleOf(tag: string | null | undefined): ReceiptLocale {
  const trimmed = (tag ?? '').trim();
  if (trimmed === '' || trimmed === '*') return NEUTRAL_LOCALE;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(trimmed);
  } catch {
    return NEUTRAL_LOCALE;
  }
  const parts = new Intl.DateTimeFormat(locale.toString(), {
    day: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date(0));
  const order = parts.filter((p) => p.type === 'day' || p.type === 'month').map((p) => p.type);
  return { dayFirst: order[0] === 'day', dollar: DOLLAR_OF_REGION[locale.maximize().region ?? ''] ?? null };
}

const DOLLAR_OF_REGION: Readonly<Record<string, Currency>> = { US: 'USD', CA: 'CAD', AU: 'AUD' };

/** The locale of a request: the first tag of its Accept-Language header. */
export function receiptLocaleOfHeader(acceptLanguage: string | undefined): ReceiptLocale {
  const first = (acceptLanguage ?? '').split(',')[0]?.split(';')[0];
  return receiptLocaleOf(first);
}
