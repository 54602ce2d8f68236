import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';

/** An .xlsx as a test reads it: its sheets' names and the first sheet's name and rows. */
export interface WorkbookContent {
  readonly sheets: string[];
  /** The first sheet's name. */
  readonly sheet: string;
  /** Every row of the first sheet, each cell's value (null when empty), as wide as the sheet. */
  readonly rows: unknown[][];
}

/** Reads workbook bytes; `datesAsText` turns date cells into 'YYYY-MM-DD'. */
export async function readWorkbook(
  bytes: Buffer,
  options: { datesAsText?: boolean } = {},
): Promise<WorkbookContent> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const first = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  first.eachRow({ includeEmpty: true }, (row) => {
    const values: unknown[] = [];
    for (let c = 1; c <= first.columnCount; c++) {
      const value = row.getCell(c).value ?? null;
      values.push(options.datesAsText && value instanceof Date ? value.toISOString().slice(0, 10) : value);
    }
    rows.push(values);
  });
  return { sheets: workbook.worksheets.map((s) => s.name), sheet: first.name, rows };
}

/** A downloaded .xlsx: the file name it was offered under, and its content. */
export async function readDownloadedWorkbook(file: Download): Promise<WorkbookContent & { name: string }> {
  const content = await readWorkbook(await readFile(await file.path()));
  return { ...content, name: file.suggestedFilename() };
}
