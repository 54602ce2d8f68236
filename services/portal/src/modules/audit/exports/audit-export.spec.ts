// Fixed dates: the export of given audit rows.
import type { AuditEntryView, AuditFilters } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { PassThrough, Writable } from 'node:stream';
import {
  AUDIT_EXPORT_HEADERS,
  auditSheetName,
  exportLines,
  filterLines,
  sheetZipInput,
  writeAuditExport,
  XLSX_SHEET_ROWS,
} from './audit-export';

const FILTERS: AuditFilters = {
  person: 7,
  entityKind: 'expense',
  entityId: null,
  actor: null,
  type: null,
  from: '2025-01-01T00:00:00.000Z',
  to: null,
};

/** Entry n: an expense correction with n % 3 changed fields (none for every third). */
function entry(n: number): AuditEntryView {
  return {
    seq: String(1000 - n),
    eventId: `event-${n}`,
    eventType: 'ExpenseCorrected',
    streamId: `ledger-7-2025-01`,
    occurredAt: new Date(Date.UTC(2025, 0, 1, 0, 0, 1000 - n)).toISOString(),
    actorId: '1',
    actorName: 'Alice Admin',
    subjectPersonId: 7,
    subjectPersonName: 'Dana Developer',
    entityKind: 'expense',
    entityId: `expense-${n}`,
    command: 'Correct expense',
    reason: n % 2 === 0 ? `reason ${n}` : null,
    changes: Array.from({ length: n % 3 }, (_, i) => ({ field: `field${i}`, before: n, after: n + i + 1 })),
  };
}

async function* pagesOf(entries: readonly AuditEntryView[], size: number) {
  for (let i = 0; i < entries.length; i += size) {
    await Promise.resolve();
    yield entries.slice(i, i + size);
  }
}

async function written(run: (out: Writable) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await run(out);
  await ended;
  return Buffer.concat(chunks);
}

function rowsOf(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values: string[] = [];
    for (let c = 1; c <= AUDIT_EXPORT_HEADERS.length; c++) values.push(String(row.getCell(c).value ?? ''));
    rows.push(values);
  });
  return rows;
}

const padded = (cells: readonly string[]) =>
  Array.from({ length: AUDIT_EXPORT_HEADERS.length }, (_, i) => cells[i] ?? '');

describe('the audit export as xlsx, over more lines than a sheet holds', () => {
  it("keeps Excel's row limit per sheet", () => {
    expect(XLSX_SHEET_ROWS).toBe(1_048_576);
  });

  it('goes on to further sheets, each starting with the header, and loses no line', async () => {
    const entries = Array.from({ length: 40 }, (_, n) => entry(n));
    const expected = entries.flatMap(exportLines);
    const sheetRows = 12;
    const bytes = await written((out) =>
      writeAuditExport('xlsx', FILTERS, pagesOf(entries, 7), out, sheetRows),
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheets = workbook.worksheets;
    // The first sheet: 9 filter lines and the header, then 2 lines; 11 lines on each further one.
    const count = 1 + Math.ceil((expected.length - 2) / (sheetRows - 1));
    expect(sheets.map((s) => s.name)).toEqual(Array.from({ length: count }, (_, i) => auditSheetName(i + 1)));
    expect(sheets.map((s) => s.name).slice(0, 2)).toEqual(['Audit', 'Audit (2)']);

    const first = rowsOf(sheets[0]);
    expect(first.slice(0, 9)).toEqual(filterLines(FILTERS).map(padded));
    expect(first[1].slice(0, 2)).toEqual(['Person', '7']);
    expect(first[9]).toEqual([...AUDIT_EXPORT_HEADERS]);
    const data = first.slice(10);
    // Every sheet but the last holds exactly the most a sheet may; the last the rest.
    const sizes = sheets.map((sheet) => rowsOf(sheet).length);
    expect(sizes.slice(0, -1)).toEqual(sizes.slice(0, -1).map(() => sheetRows));
    expect(sizes[sizes.length - 1]).toBeLessThanOrEqual(sheetRows);
    for (const sheet of sheets.slice(1)) {
      const rows = rowsOf(sheet);
      expect(rows[0]).toEqual([...AUDIT_EXPORT_HEADERS]);
      data.push(...rows.slice(1));
    }
    expect(data).toEqual(expected.map(padded));
  });

  it("finds the zip entry's input of an exceljs sheet, which the writer waits on", async () => {
    const out = new PassThrough();
    out.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Audit');
    for (const cells of entries(300)) sheet.addRow(cells).commit();
    const input = sheetZipInput(sheet);
    expect(input).not.toBeNull();
    expect(typeof input?._writableState.needDrain).toBe('boolean');
    sheet.commit();
    await workbook.commit();

    function entries(n: number) {
      return Array.from({ length: n }, (_, i) => exportLines(entry(i))[0]);
    }
  });
});

describe('the audit export as CSV', () => {
  it('writes the filters, the header and every line of every page', async () => {
    const entries = Array.from({ length: 25 }, (_, n) => entry(n));
    const text = (await written((out) => writeAuditExport('csv', FILTERS, pagesOf(entries, 4), out)))
      .toString('utf8')
      .replace(/^\ufeff/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Audit export');
    expect(lines[1]).toBe('Person,7');
    expect(lines[9]).toBe(AUDIT_EXPORT_HEADERS.join(','));
    expect(lines.slice(10, -1)).toHaveLength(entries.flatMap(exportLines).length);
    expect(lines.at(-1)).toBe('');
  });

  it("neutralises a staff job title written as a formula: '-2+3+cmd|calc' starts with a quote", async () => {
    const jobTitle = {
      ...entry(1),
      changes: [{ field: 'jobTitle', before: 'Engineer', after: '-2+3+cmd|calc' }],
    };
    const text = (
      await written((out) => writeAuditExport('csv', FILTERS, pagesOf([jobTitle], 1), out))
    ).toString('utf8');
    const line = text.split('\r\n').find((l) => l.includes(',jobTitle,'));
    expect(line?.split(',').slice(-3)).toEqual(['jobTitle', 'Engineer', "'-2+3+cmd|calc"]);
  });
});
