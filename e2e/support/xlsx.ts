import ExcelJS from 'exceljs';

/** A downloaded workbook's first sheet: its name and its rows as values (dates as 'YYYY-MM-DD', empty as null). */
export async function firstSheet(bytes: Buffer): Promise<{ name: string; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    const values: unknown[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const value = row.getCell(c).value;
      values.push(value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? null));
    }
    rows.push(values);
  });
  return { name: sheet.name, rows };
}

/** The rows of a downloaded workbook's first sheet. */
export async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  return (await firstSheet(bytes)).rows;
}
