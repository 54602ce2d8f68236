import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';

/** A downloaded .xlsx as a test reads it: the file name, its sheets' names, and the first sheet's rows. */
export interface DownloadedWorkbook {
  readonly name: string;
  readonly sheets: string[];
  /** Every row of the first sheet, each cell's value (null when empty), as wide as the sheet. */
  readonly rows: unknown[][];
}

export async function readDownloadedWorkbook(file: Download): Promise<DownloadedWorkbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values: unknown[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) values.push(row.getCell(c).value ?? null);
    rows.push(values);
  });
  return { name: file.suggestedFilename(), sheets: workbook.worksheets.map((s) => s.name), rows };
}
