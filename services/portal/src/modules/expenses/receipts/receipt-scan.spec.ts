// Fixed dates: dates printed on receipts, read by the scanner.
import { receiptDisplayName } from './display-name';
import { findReceiptDate, findReceiptTotal, scanReceiptText } from './receipt-scan';

describe('findReceiptTotal', () => {
  it('takes the amount on the Total line, not the subtotal, tax or tip', () => {
    const text = [
      'Corner Diner',
      'Burger 10.50',
      'Subtotal 10.50',
      'Tax 1.84',
      'Tip 2.00',
      'Total $14.34',
    ].join('\n');
    expect(findReceiptTotal(text)).toBe('14.34');
  });

  it('prefers Amount due / Grand total over a plain total', () => {
    expect(findReceiptTotal('Total 100.00\nDeposit -20.00\nAmount due 80.00')).toBe('80.00');
    expect(findReceiptTotal('Total 40.00\nService 5.00\nGrand Total 45.00')).toBe('45.00');
  });

  it('reads the balance when that is all the receipt names', () => {
    expect(findReceiptTotal('Room 2 nights\nBalance: USD 312.40')).toBe('312.40');
  });

  it('finds an amount printed on the line after its label (two columns)', () => {
    expect(findReceiptTotal('TOTAL\n$ 1,234.56\nThank you')).toBe('1234.56');
  });

  it('reads thousands separators and decimal commas', () => {
    expect(findReceiptTotal('Total: 1,234.50 USD')).toBe('1234.50');
    expect(findReceiptTotal('Gesamt Total 1.234,56 €')).toBe('1234.56');
    expect(findReceiptTotal('Total 12,34 EUR')).toBe('12.34');
  });

  it('ignores zero balances, refunds and discount lines', () => {
    expect(findReceiptTotal('Total 25.00\nBalance 0.00')).toBe('25.00');
    expect(findReceiptTotal('Total -5.00\nAmount 19.99')).toBe('19.99');
    expect(findReceiptTotal('Total savings 3.00\nTotal 17.00')).toBe('17.00');
  });

  it('falls back to the largest amount with a currency mark when no line is labelled', () => {
    expect(findReceiptTotal('Coffee $3.50\nMuffin $2.25\n$5.75')).toBe('5.75');
  });

  it('answers null when there is no amount to read', () => {
    expect(findReceiptTotal('Thank you for your visit')).toBeNull();
    expect(findReceiptTotal('Order 1234 of 2026')).toBeNull();
    expect(findReceiptTotal('Total')).toBeNull();
  });
});

describe('findReceiptDate', () => {
  it('reads ISO, US and long dates', () => {
    expect(findReceiptDate('Date: 2026-03-14')).toBe('2026-03-14');
    expect(findReceiptDate('Date: 03/14/2026')).toBe('2026-03-14');
    expect(findReceiptDate('3/4/26 12:30 PM')).toBe('2026-03-04');
    expect(findReceiptDate('March 14, 2026')).toBe('2026-03-14');
    expect(findReceiptDate('Sept. 2nd 2025')).toBe('2025-09-02');
    expect(findReceiptDate('14 Mar 2026')).toBe('2026-03-14');
    expect(findReceiptDate('14-Mar-2026')).toBe('2026-03-14');
  });

  it('reads day-first dates when the first number cannot be a month', () => {
    expect(findReceiptDate('Date 14/03/2026')).toBe('2026-03-14');
    expect(findReceiptDate('Datum 14.03.2026')).toBe('2026-03-14');
  });

  it('prefers the transaction date over due, expiry or printed dates', () => {
    const text = [
      'Printed 2026-04-01',
      'Card exp 01/2028',
      'Due date: 04/30/2026',
      'Transaction date: 03/28/2026',
    ].join('\n');
    expect(findReceiptDate(text)).toBe('2026-03-28');
  });

  it('takes the first date when none is labelled', () => {
    expect(findReceiptDate('Store 12\n2026-02-03 10:00\n2026-02-04')).toBe('2026-02-03');
  });

  it('refuses dates that do not exist and answers null when none is there', () => {
    expect(findReceiptDate('Date: 02/30/2026')).toBeNull();
    expect(findReceiptDate('2026-13-01')).toBeNull();
    expect(findReceiptDate('No date here, total 12.00')).toBeNull();
  });
});

describe('scanReceiptText', () => {
  it('reads both from a whole receipt', () => {
    const text =
      'ACME Office Supply\nInvoice date: Jan 5, 2026\nPaper 8.99\nSubtotal 8.99\nTax 0.72\nTotal USD 9.71\n';
    expect(scanReceiptText(text)).toEqual({
      total: '9.71',
      date: '2026-01-05',
      vendor: 'ACME Office Supply',
      currency: 'USD',
    });
  });

  it('says nothing could be read (nulls, never a made-up amount) for empty text', () => {
    const nothing = { total: null, date: null, vendor: null, currency: null };
    expect(scanReceiptText(null)).toEqual(nothing);
    expect(scanReceiptText('   \n ')).toEqual(nothing);
  });
});

describe('receiptDisplayName', () => {
  it('keeps only the last segment of a path-like name', () => {
    expect(receiptDisplayName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(receiptDisplayName('C:\\Users\\me\\Desktop\\Dinner.pdf')).toBe('Dinner.pdf');
  });

  it('replaces reserved and control characters and always ends in .pdf', () => {
    expect(receiptDisplayName('in"voice<1>\u0000.PDF')).toBe('in_voice_1_.PDF');
    expect(receiptDisplayName('hotel bill')).toBe('hotel bill.pdf');
    expect(receiptDisplayName('Café São Paulo.pdf')).toBe('Café São Paulo.pdf');
  });

  it('falls back to receipt.pdf when nothing usable is left', () => {
    expect(receiptDisplayName('')).toBe('receipt.pdf');
    expect(receiptDisplayName('../..')).toBe('receipt.pdf');
    expect(receiptDisplayName(undefined)).toBe('receipt.pdf');
  });

  it('shortens very long names', () => {
    const name = receiptDisplayName(`${'a'.repeat(300)}.pdf`);
    expect(name.length).toBeLessThanOrEqual(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
