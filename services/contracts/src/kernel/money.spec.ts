import { normaliseDecimal, parseDecimal, sumDecimals, sumMoney, timesheetValue, truncateTo } from './money';

describe('timesheetValue = hours x 200 truncated to 2 decimals', () => {
  it.each([
    ['8', '1600.00'],
    ['7.5', '1500.00'],
    ['0.1', '20.00'],
    ['0.00004', '0.00'], // 0.008 truncated, not rounded up to 0.01
    ['1.23456', '246.91'], // 246.912
    ['0.333339', '66.66'], // 66.6678 would round to 66.67
  ])('%s hours -> %s', (hours, value) => {
    expect(timesheetValue(hours)).toBe(value);
  });

  it('does not suffer float error: 0.1 + 0.2 hours are exactly 0.3', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(timesheetValue(sumDecimals([0.1, 0.2]))).toBe('60.00');
  });
});

describe('decimal helpers', () => {
  it('normalises numbers and strings', () => {
    expect(normaliseDecimal('7.50')).toBe('7.5');
    expect(normaliseDecimal(8)).toBe('8');
    expect(normaliseDecimal('008.0')).toBe('8');
  });
  it('refuses what is not a decimal', () => {
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal({})).toBeNull();
  });
  it('truncates toward zero and sums money with 2 decimals', () => {
    expect(truncateTo('12.349', 2)).toBe('12.34');
    expect(sumMoney(['1600.00', '20.00', '0.10'])).toBe('1620.10');
    expect(sumMoney([])).toBe('0.00');
  });
});
