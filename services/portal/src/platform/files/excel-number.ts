/**
 * Decimal text (money, hours, rates) as an Excel number cell, exactly. The portal never computes
 * with floats: a value travels as a decimal string and only here, at the edge, becomes the number
 * a spreadsheet stores (an IEEE double, 15 significant digits in Excel). A decimal of at most 15
 * significant digits converts to the double nearest to it and back to the same digits, so the
 * cell shows exactly the text; a longer one stays text rather than be rounded unseen.
 */
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;
/** Excel's precision: significant digits a number cell keeps. */
export const EXCEL_SIGNIFICANT_DIGITS = 15;

export interface ExcelNumber {
  readonly value: number;
  /** The number format showing as many decimals as the text has ('0.00' for '12.50'). */
  readonly numFmt: string;
}

/** Decimals shown: `#,##0` and as many zeros after the point as the text has decimals. */
export function decimalsFormat(places: number): string {
  return places === 0 ? '#,##0' : `#,##0.${'0'.repeat(places)}`;
}

/** The number cell of a decimal text ('-12.50'), or null when it is no decimal or too long for Excel. */
export function excelNumber(text: string): ExcelNumber | null {
  if (!DECIMAL_TEXT.test(text)) return null;
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits.length > EXCEL_SIGNIFICANT_DIGITS) return null;
  const value = Number(text);
  return { value: Object.is(value, -0) ? 0 : value, numFmt: decimalsFormat(fraction.length) };
}

/** A whole-number id text ('6') as a number; null for any other id ('7-2025-01', a uuid). */
export function excelId(text: string): number | null {
  if (!/^[1-9]\d*$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}
