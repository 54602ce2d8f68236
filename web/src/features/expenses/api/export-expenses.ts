import { downloadFile } from './transfer';

export interface ExportRange {
  readonly start: string;
  readonly end: string;
  readonly projectId: number | null;
}

export function exportFileName(range: ExportRange): string {
  return `Expenses-${range.start}-${range.end}.xlsx`;
}

/** `GET /api/expenses/export`: the listed range as a spreadsheet, `Expenses-{start}-{end}.xlsx`. */
export function exportExpenses(range: ExportRange): Promise<string> {
  return downloadFile('/api/expenses/export', exportFileName(range), {
    start: range.start,
    end: range.end,
    projectId: range.projectId,
  });
}
