import ExcelJS from 'exceljs';
import { MAX_DATA_IMPORT_ROWS } from '@portal/contracts';
import { sheetRows, spreadsheetKind, TooManySheetRows, type SheetRow } from './sheet-rows';
import { MemoryStorage } from './test/memory-storage';

async function rowsOf(file: Buffer, format: 'xlsx' | 'csv', maxRows = 10): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(new MemoryStorage({ f: file }), 'f', format, {
    maxRowBytes: 1024,
    maxRows,
  }))
    rows.push(row);
  return rows;
}

describe('sheetRows', () => {
  it('reads the first sheet of a workbook with its values, and marks formula cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Planned Hours');
    sheet.addRow(['Name', '01-01-2027']);
    sheet.addRow(['Carlos Contractor', { formula: '100+20', result: 120 }]);
    sheet.addRow([]);
    sheet.addRow([{ richText: [{ text: 'Dana ' }, { text: 'Developer' }] }, 80]);
    workbook.addWorksheet('Other').addRow(['never read']);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()), 'xlsx');
    expect(rows.map((r) => [r.sheet, r.row, r.cells, r.formulas])).toEqual([
      ['Planned Hours', 1, ['Name', '01-01-2027'], []],
      ['Planned Hours', 2, ['Carlos Contractor', 120], [1]],
      ['Planned Hours', 4, ['Dana Developer', 80], []],
    ]);
  });

  it('reads a CSV, its byte-order mark dropped, empty cells as nothing and =… as a formula', async () => {
    const rows = await rowsOf(
      Buffer.from('\uFEFFClient ID,Client Name\r\n1,"Acme, Inc."\r\n2,=1+1\r\n3,\r\n'),
      'csv',
    );
    expect(rows.map((r) => [r.row, r.cells, r.formulas])).toEqual([
      [1, ['Client ID', 'Client Name'], []],
      [2, ['1', 'Acme, Inc.'], []],
      [3, ['2', '=1+1'], [1]],
      [4, ['3', null], []],
    ]);
  });

  it('takes exactly the most rows a data import allows after the headings, and refuses one more', async () => {
    const csv = (n: number) => Buffer.from(`Name\n${'p\n'.repeat(n)}`);
    const count = async (file: Buffer) => {
      let n = 0;
      const limits = { maxRowBytes: 1024, maxRows: MAX_DATA_IMPORT_ROWS };
      for await (const _row of sheetRows(new MemoryStorage({ f: file }), 'f', 'csv', limits)) n += 1;
      return n;
    };
    expect(await count(csv(MAX_DATA_IMPORT_ROWS))).toBe(MAX_DATA_IMPORT_ROWS + 1);
    await expect(count(csv(MAX_DATA_IMPORT_ROWS + 1))).rejects.toBeInstanceOf(TooManySheetRows);
  }, 60_000);
});

describe('spreadsheetKind', () => {
  it('knows a zip by its signature and text by having no NUL byte; anything else is neither', () => {
    expect(spreadsheetKind(Buffer.from('PK\u0003\u0004rest'))).toBe('xlsx');
    expect(spreadsheetKind(Buffer.from('PK'))).toBe('undecided');
    expect(spreadsheetKind(Buffer.from('Client ID,Client Name\r\n'))).toBe('csv');
    expect(spreadsheetKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toBeNull();
  });
});
