import { PortalDecimal } from '@portal/contracts';
import { loadExcelJs } from '../../../platform/files/exceljs';
import type { Writable } from 'node:stream';
import { currencyNumberFormat } from './currency-format';
import type { ExportRow } from './expense-export-rows';
import { excelNumber } from '../../../platform/files/excel-number';
import { drained } from '../../../platform/http/file-download';

/** A decimal amount as its exact spreadsheet number (text, should it ever exceed Excel's digits). */
const amountCell = (text: string): number | string => excelNumber(text)?.value ?? text;

/**
 * The spec's columns (Date, Project, Category, Currency, Claimed), then two more: Currency is the
 * receipt currency and Claimed is in the project currency, so Amount (in Currency) and Claimed
 * currency say each amount's own currency for a program reading the values.
 */
export const EXPORT_HEADERS = [
  'Date',
  'Project',
  'Category',
  'Currency',
  'Claimed',
  'Amount',
  'Claimed currency',
] as const;
export const TOTAL_LABEL = 'Total';
const DATE_FORMAT = 'yyyy-mm-dd';

/** `Expenses-{start}-{end}.xlsx` */
export function expenseExportFileName(start: string, end: string): string {
  return `Expenses-${start}-${end}.xlsx`;
}

export interface WorkbookSummary {
  readonly rows: number;
  /** Claimed totals per currency (decimal strings, 2 decimals). */
  readonly totals: ReadonlyMap<string, string>;
}

/**
 * Writes the expense spreadsheet to `out` as it goes (exceljs's streaming WorkbookWriter: each
 * row is committed and zipped out, never kept): a header row, one row per expense (Date as a date
 * cell; Claimed and Amount number cells formatted in their currencies, each currency in its own
 * column), then one Total row per claimed currency (a single row in the usual case of one currency). Between pages it waits while `out`
 * is backed up, so a slow reader holds back the reading of rows. Totals are exact decimal sums;
 * each cell then holds the nearest spreadsheet number.
 */
export async function writeExpenseWorkbook(
  pages: AsyncIterable<readonly ExportRow[]>,
  out: Writable,
): Promise<WorkbookSummary> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Expenses', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [12, 32, 24, 10, 14, 14, 16].map((width) => ({ width }));
  const header = sheet.addRow([...EXPORT_HEADERS]);
  header.font = { bold: true };
  header.commit();

  const sums = new Map<string, PortalDecimal>();
  let count = 0;
  for await (const page of pages) {
    for (const row of page) {
      const line = sheet.addRow([
        new Date(`${row.date}T00:00:00.000Z`),
        row.projectName,
        row.categoryName,
        row.currency,
        amountCell(row.claimed),
        amountCell(row.amount),
        row.claimedCurrency,
      ]);
      line.getCell(1).numFmt = DATE_FORMAT;
      line.getCell(5).numFmt = currencyNumberFormat(row.claimedCurrency);
      line.getCell(6).numFmt = currencyNumberFormat(row.currency);
      line.commit();
      sums.set(
        row.claimedCurrency,
        (sums.get(row.claimedCurrency) ?? new PortalDecimal(0)).plus(row.claimed),
      );
      count += 1;
    }
    await drained(out);
    if (out.destroyed) throw new Error('The output closed before the workbook was complete');
  }

  const totals = new Map<string, string>();
  const currencies = [...sums.keys()].sort();
  if (currencies.length === 0) totals.set('', '0.00');
  for (const currency of currencies) totals.set(currency, sums.get(currency)!.toFixed(2));
  for (const [currency, total] of totals) {
    const code = currency === '' ? null : currency;
    const line = sheet.addRow([TOTAL_LABEL, null, null, code, amountCell(total), null, code]);
    line.font = { bold: true };
    line.getCell(5).numFmt = currencyNumberFormat(code);
    line.commit();
  }
  sheet.commit();
  await workbook.commit();
  return { rows: count, totals };
}
