import { PortalDecimal } from '@portal/contracts';
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { currencyNumberFormat } from './currency-format';
import type { ExportRow } from './expense-export-rows';
import { drained } from '../../../platform/http/file-download';

export const EXPORT_HEADERS = ['Date', 'Project', 'Category', 'Currency', 'Claimed'] as const;
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
 * cell; Claimed as a number cell formatted in its currency), then one Total row per claimed
 * currency (a single row in the usual case of one currency). Between pages it waits while `out`
 * is backed up, so a slow reader holds back the reading of rows. Totals are exact decimal sums;
 * each cell then holds the nearest spreadsheet number.
 */
export async function writeExpenseWorkbook(
  pages: AsyncIterable<readonly ExportRow[]>,
  out: Writable,
): Promise<WorkbookSummary> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Expenses', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 12 }, { width: 32 }, { width: 24 }, { width: 10 }, { width: 14 }];
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
        Number(row.claimed),
      ]);
      line.getCell(1).numFmt = DATE_FORMAT;
      line.getCell(5).numFmt = currencyNumberFormat(row.claimedCurrency);
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
    const line = sheet.addRow([TOTAL_LABEL, null, null, currency === '' ? null : currency, Number(total)]);
    line.font = { bold: true };
    line.getCell(5).numFmt = currencyNumberFormat(currency === '' ? null : currency);
    line.commit();
  }
  sheet.commit();
  await workbook.commit();
  return { rows: count, totals };
}
