import { addDays, type BusinessDate } from '@portal/contracts';
import { runToday } from '../../../../test/dates';
import {
  findReceiptCurrency,
  findReceiptDate,
  findReceiptTotal,
  findReceiptVendor,
  receiptLocaleOf,
  receiptLocaleOfHeader,
  scanReceiptText,
} from './receipt-scan';

/** The scan of what OCR reads from photos; every printed date derives from the run's "now". */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const fieldsOf = (date: BusinessDate) => date.split('-').map(Number) as [number, number, number];
const two = (n: number) => String(n).padStart(2, '0');

/** The last day on or before today whose day and month could each be a month (both ≤ 12, not equal). */
function ambiguousDay(): BusinessDate {
  for (let back = 0; ; back++) {
    const date = addDays(runToday(), -back);
    const [, month, day] = fieldsOf(date);
    if (day <= 12 && day !== month) return date;
  }
}

const GB = receiptLocaleOf('en-GB');
const US = receiptLocaleOf('en-US');

describe('findReceiptDate: the formats receipts print', () => {
  const date = addDays(runToday(), -9);
  const [year, month, day] = fieldsOf(date);
  const name = MONTHS[month - 1];

  it.each([
    ['ISO', `${year}-${two(month)}-${two(day)}`],
    ['month first, four-digit year', `${two(month)}/${two(day)}/${year}`],
    ['month name first', `${name} ${day} ${year}`],
    ['month name first with a comma', `${name.toUpperCase()} ${two(day)}, ${year}`],
    ['day, month name, two-digit year', `${day} ${name.toUpperCase()} ${two(year % 100)}`],
    ['day and month name run together', `${two(day)}${name.toUpperCase()}${two(year % 100)}`],
  ])('reads %s', (_, printed) => {
    expect(findReceiptDate(`Corner Diner\nDate: ${printed} 12:30\nTotal 4.50`, US)).toBe(date);
  });

  it('reads 05/11/26 by the locale: day first in en-GB, month first in en-US', () => {
    const ambiguous = ambiguousDay();
    const [y, m, d] = fieldsOf(ambiguous);
    expect(findReceiptDate(`${two(d)}/${two(m)}/${two(y % 100)}`, GB)).toBe(ambiguous);
    expect(findReceiptDate(`${two(m)}/${two(d)}/${two(y % 100)}`, US)).toBe(ambiguous);
    expect(findReceiptDate(`${two(d)}/${two(m)}/${y}`, GB)).toBe(ambiguous);
  });

  it('lets a number that cannot be a month decide over the locale', () => {
    const date13 = `${runToday().slice(0, 8)}13` as BusinessDate;
    const [y, m] = fieldsOf(date13);
    expect(findReceiptDate(`13/${two(m)}/${y}`, US)).toBe(date13);
    expect(findReceiptDate(`${two(m)}/13/${y}`, GB)).toBe(date13);
  });

  it('does not take a month and a year alone, or a time, for a day', () => {
    const [year, month] = fieldsOf(runToday());
    expect(findReceiptDate(`Card exp ${MONTHS[month - 1]} ${year}`, US)).toBeNull();
    expect(findReceiptDate(`${MONTHS[month - 1]} 5 12:30`, US)).toBeNull();
  });
});

describe('findReceiptTotal: what OCR reads', () => {
  it('takes TOTAL / AMOUNT DUE / BALANCE over the subtotal and the tax', () => {
    const lines = ['SUBTOTAL 207.68', 'TAX VAT 24.92'];
    expect(findReceiptTotal([...lines, 'TOTAL 232.60'].join('\n'))).toBe('232.60');
    expect(findReceiptTotal([...lines, 'AMOUNT DUE $232.60'].join('\n'))).toBe('232.60');
    expect(findReceiptTotal([...lines, 'BALANCE DUE CAD 232.60'].join('\n'))).toBe('232.60');
    expect(findReceiptTotal(['Subtotal 50.00', 'HST 6.50', 'Balance 56.50'].join('\n'))).toBe('56.50');
  });

  it("reads OCR's '($' as a dollar sign, but a refund in parentheses stays a refund", () => {
    expect(findReceiptTotal('Subtotal 123.71\nTOTAL\n($139.79 |')).toBe('139.79');
    expect(findReceiptTotal('Total (12.00)\nAmount 30.00')).toBe('30.00');
  });
});

describe('findReceiptVendor', () => {
  it('takes the first line that names someone, past titles, stray marks and addresses', () => {
    expect(findReceiptVendor('Corner Diner\n123 Main St\nTotal 4.50')).toBe('Corner Diner');
    expect(findReceiptVendor('RECEIPT\n| Blue Door Cafe\n88 King Ave')).toBe('Blue Door Cafe');
    expect(findReceiptVendor('i Granville Books\n5016 Harbour Rd')).toBe('Granville Books');
    expect(findReceiptVendor('===\n4455 Harbour Rd\nSummit Parking Ltd')).toBe('Summit Parking Ltd');
    expect(findReceiptVendor('CTT)\nHarbour Parking Ltd')).toBe('Harbour Parking Ltd');
  });

  it('answers null when the first lines hold no name', () => {
    expect(findReceiptVendor(`${addDays(runToday(), -1)}\nTotal 4.50\n12.00\n--`)).toBeNull();
    expect(findReceiptVendor('')).toBeNull();
  });
});

describe('findReceiptCurrency', () => {
  it.each([
    ['TOTAL CAD 15.49', 'CAD'],
    ['TOTAL USD 15.49', 'USD'],
    ['Total C$15.49', 'CAD'],
    ['Total US$ 15.49', 'USD'],
    ['Total €15,49', 'EUR'],
    ['Total £15.49', 'GBP'],
    ['Total ₹1,549.00', 'INR'],
  ])('reads %s as %s', (line, currency) => {
    expect(findReceiptCurrency(`Cafe\n${line}`, US)).toBe(currency);
  });

  it("reads a bare '$' by the locale's dollar, and none where the locale has none", () => {
    expect(findReceiptCurrency('Total $15.49', receiptLocaleOf('en-CA'))).toBe('CAD');
    expect(findReceiptCurrency('Total $15.49', US)).toBe('USD');
    expect(findReceiptCurrency('Total $15.49', GB)).toBeNull();
    expect(findReceiptCurrency('Total 15.49', US)).toBeNull();
  });

  it("prefers the currency on the total's line", () => {
    expect(findReceiptCurrency('Paid in EUR? no\nTOTAL CAD 10.00', US)).toBe('CAD');
  });
});

describe('receipt locales', () => {
  it("reads the order of day and month from the locale's own short date", () => {
    expect(receiptLocaleOf('en-GB')).toEqual({ dayFirst: true, dollar: null });
    expect(receiptLocaleOf('en-US')).toEqual({ dayFirst: false, dollar: 'USD' });
    expect(receiptLocaleOf('fr-CA').dollar).toBe('CAD');
    expect(receiptLocaleOf('not a locale!')).toEqual({ dayFirst: false, dollar: null });
  });

  it('takes the first tag of Accept-Language', () => {
    expect(receiptLocaleOfHeader('en-GB,en;q=0.9')).toEqual(GB);
    expect(receiptLocaleOfHeader(undefined)).toEqual({ dayFirst: false, dollar: null });
  });
});

describe('scanReceiptText on an OCR reading', () => {
  it('reads total, date, vendor and currency together', () => {
    const date = addDays(runToday(), -3);
    const [year, month, day] = fieldsOf(date);
    const text = [
      'Summit Parking Ltd',
      '; 4455 Harboyr Rd',
      `${two(day)}/${two(month)}/${two(year % 100)} 19:52`,
      'Parking CAD 18.89',
      'Subtota) 18.89',
      'Tax GST 0.94',
      'BALANCE DUE CAD 19.83',
    ].join('\n');
    expect(scanReceiptText(text, receiptLocaleOf('en-GB'))).toEqual({
      total: '19.83',
      date,
      vendor: 'Summit Parking Ltd',
      currency: 'CAD',
    });
  });
});
