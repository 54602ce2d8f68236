import { excelId, excelNumber } from './excel-number';

describe('excelNumber: decimal text as an Excel number cell', () => {
  it('gives the number of the text and a format showing its decimals', () => {
    expect(excelNumber('12.50')).toEqual({ value: 12.5, numFmt: '#,##0.00' });
    expect(excelNumber('-3.1')).toEqual({ value: -3.1, numFmt: '#,##0.0' });
    expect(excelNumber('40')).toEqual({ value: 40, numFmt: '#,##0' });
    expect(excelNumber('-0.00')).toEqual({ value: 0, numFmt: '#,##0.00' });
  });

  it('keeps every digit of up to 15 significant digits: the number reads back as the same text', () => {
    for (const text of ['999999999999.99', '0.000000012345678', '123456789012345', '0.1', '1.36780001'])
      expect(String(excelNumber(text)?.value)).toBe(String(Number(text)));
    expect(excelNumber('999999999999.99')?.value.toFixed(2)).toBe('999999999999.99');
  });

  it('refuses what Excel would round (over 15 significant digits) and what is no decimal', () => {
    expect(excelNumber('1234567890.123456789')).toBeNull();
    expect(excelNumber('9007199254740993')).toBeNull();
    for (const text of ['', 'abc', '1e5', '12,50', ' 1', '.5', '1.']) expect(excelNumber(text)).toBeNull();
  });
});

describe('excelId: a whole-number id as a number', () => {
  it('turns "6" into 6 and leaves other ids alone', () => {
    expect(excelId('6')).toBe(6);
    for (const text of ['06', '7-2', 'system', '', '9007199254740993']) expect(excelId(text)).toBeNull();
  });
});
