import type { ReceiptScan } from '@portal/contracts';
/**
 * Finds a receipt's total and transaction date in the text read from its PDF. Pure functions: the
 * PDF reading is elsewhere (platform/files/pdf-text.ts). When nothing plausible is found the answer is null:
 * the form then says so and stays empty (never a made-up amount).
 */

export const EMPTY_SCAN: ReceiptScan = { total: null, date: null };

export function scanReceiptText(text: string | null): ReceiptScan {
  if (text === null || text.trim() === '') return EMPTY_SCAN;
  return { total: findReceiptTotal(text), date: findReceiptDate(text) };
}

function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

// ---------------------------------------------------------------- total

/** Money with two decimals: 1,234.56 / 1234.56 / 1.234,56 / 12,34 (a leading '-' or '(' marks a refund). */
const AMOUNT =
  /(-|\()?\s?(?:[$€£₹]|C\$|A\$|US\$)?\s?(\d{1,3}(?:[,.\u00a0\u202f]\d{3})+|\d+)([.,])(\d{2})(?!\d)/g;
const CURRENCY_MARK = /(?:[$€£₹]|\b(?:USD|CAD|EUR|GBP|INR|AUD)\b)/;

interface Amount {
  readonly value: string;
  readonly cents: bigint;
  readonly marked: boolean;
}

function amountsIn(line: string): Amount[] {
  const found: Amount[] = [];
  for (const match of line.matchAll(AMOUNT)) {
    if (match[1]) continue; // negative or in parentheses: a discount or refund, not a total
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

type DateMatcher = (match: RegExpMatchArray) => [number, number, number] | null;

const monthOfName = (name: string) => MONTHS[name.toLowerCase().slice(0, 3)];
const fullYear = (text: string) => {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 70 ? 2000 + year : 1900 + year;
};

const DATE_FORMATS: readonly (readonly [RegExp, DateMatcher])[] = [
  // ISO 2026-03-14, also 2026/03/14 and 2026.03.14
  [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  // US 03/14/2026, 3-14-26; day first when the first number cannot be a month (14/03/2026)
  [
    /\b(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})\b/g,
    (m) => {
      const [a, b, year] = [Number(m[1]), Number(m[2]), fullYear(m[3])];
      return a > 12 && b <= 12 ? [year, b, a] : [year, a, b];
    },
  ],
  // European 14.03.2026
  [/\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g, (m) => [Number(m[3]), Number(m[2]), Number(m[1])]],
  // March 14, 2026 / Mar 14 2026 / Mar. 14th, 2026
  [
    new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'),
    (m) => [Number(m[3]), monthOfName(m[1]), Number(m[2])],
  ],
  // 14 March 2026 / 14-Mar-2026 / 14 Mar, 2026
  [
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s-]+${MONTH_NAME}[\\s,-]+(\\d{4})\\b`, 'gi'),
    (m) => [Number(m[3]), monthOfName(m[2]), Number(m[1])],
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
export function findReceiptDate(text: string): string | null {
  let best: { score: number; date: string } | null = null;
  for (const line of linesOf(text)) {
    const score =
      (TRANSACTION_LABEL.test(line) ? 3 : DATE_LABEL.test(line) ? 2 : 1) - (OTHER_DATE.test(line) ? 2 : 0);
    const found: { at: number; date: string }[] = [];
    for (const [pattern, read] of DATE_FORMATS) {
      for (const match of line.matchAll(pattern)) {
        const fields = read(match);
        const date = fields ? isoDate(fields) : null;
        if (date) found.push({ at: match.index ?? 0, date });
      }
    }
    found.sort((a, b) => a.at - b.at);
    if (found.length > 0 && (!best || score > best.score)) best = { score, date: found[0].date };
  }
  return best?.date ?? null;
}
