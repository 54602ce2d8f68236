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
    for (let c = 1; c <= AUDIT_EXPORT_HEADERS.length; c++) {
      const value = row.getCell(c).value;
      values.push(value instanceof Date ? value.toISOString() : String(value ?? ''));
    }
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

describe('the audit export as xlsx, cell by cell', () => {
  async function lineOf(one: AuditEntryView): Promise<ExcelJS.Row[]> {
    const bytes = await written((out) => writeAuditExport('xlsx', FILTERS, pagesOf([one], 1), out));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const rows: ExcelJS.Row[] = [];
    workbook.worksheets[0].eachRow((row, n) => {
      if (n > 10) rows.push(row);
    });
    return rows;
  }
  const column = (name: (typeof AUDIT_EXPORT_HEADERS)[number]) => AUDIT_EXPORT_HEADERS.indexOf(name) + 1;

  it("says UTC in the header and writes 'When' as an Excel date of that instant", async () => {
    expect(AUDIT_EXPORT_HEADERS[0]).toBe('When (UTC)');
    const one = entry(1);
    const [line] = await lineOf(one);
    const when = line.getCell(column('When (UTC)'));
    expect(when.type).toBe(ExcelJS.ValueType.Date);
    expect((when.value as Date).toISOString()).toBe(one.occurredAt);
    expect(when.numFmt).toBe('yyyy-mm-dd hh:mm:ss.000');
  });

  it('writes whole-number ids as numbers and other ids as text', async () => {
    const [line] = await lineOf({ ...entry(0), actorId: '6', subjectPersonId: 7, entityId: '12' });
    for (const [name, value] of [
      ['Actor id', 6],
      ['Person id', 7],
      ['Entity id', 12],
    ] as const) {
      expect(line.getCell(column(name)).type).toBe(ExcelJS.ValueType.Number);
      expect(line.getCell(column(name)).value).toBe(value);
    }
    const periodId = `7-${entry(0).occurredAt.slice(0, 7)}`;
    const [period] = await lineOf({ ...entry(0), entityKind: 'period', entityId: periodId });
    expect(period.getCell(column('Entity id')).value).toBe(periodId);
  });

  it('writes amounts, hours and rates as numbers shown with their decimals; other text stays text', async () => {
    const changes = [
      { field: 'amount', before: '25.50', after: '40' },
      { field: 'hours', before: '7.5', after: '0' },
      { field: 'rate', before: '1', after: '1.36780001' },
      { field: 'postalCode', before: '01234', after: '98765' },
      { field: 'plannedHours', before: null, after: 120 },
      { field: 'poValue', before: '1234567890.123456789', after: '-3.10' },
    ];
    const lines = await lineOf({ ...entry(0), changes });
    const cells = lines.map((line) => [line.getCell(column('Before')), line.getCell(column('After'))]);
    const seen = cells.map((pair) => pair.map((cell) => [cell.type, cell.value, cell.numFmt ?? null]));
    const N = ExcelJS.ValueType.Number;
    const S = ExcelJS.ValueType.String;
    expect(seen).toEqual([
      [
        [N, 25.5, '#,##0.00'],
        [N, 40, '#,##0'],
      ],
      [
        [N, 7.5, '#,##0.0'],
        [N, 0, '#,##0'],
      ],
      [
        [N, 1, '#,##0'],
        [N, 1.36780001, '#,##0.00000000'],
      ],
      [
        [S, '01234', null],
        [S, '98765', null],
      ],
      [
        [ExcelJS.ValueType.Null, null, null],
        [N, 120, null],
      ],
      // Beyond Excel's 15 significant digits: kept as text, never rounded unseen.
      [
        [S, '1234567890.123456789', null],
        [N, -3.1, '#,##0.00'],
      ],
    ]);
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
