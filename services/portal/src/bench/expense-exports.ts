import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable, Writable } from 'node:stream';
import type { Database } from '../platform/database/database';
import { LocalFileStorage } from '../platform/files/local-file-storage';
import { zipEntryNames } from '../modules/expenses/exports/download-names';
import { exportRowPages, receiptsOfDays } from '../modules/expenses/exports/expense-export-rows';
import { writeExpenseWorkbook } from '../modules/expenses/exports/expense-workbook';
import { writeReceiptsZip } from '../modules/expenses/exports/receipts-zip';
import { receiptsZipStorageKey } from '../modules/expenses/exports/receipts-zip.job';
import {
  createExportReadModels,
  expenseRow,
  insertExpenses,
  storeReceipt,
} from '../modules/expenses/exports/test/export-fixtures';
import { minimalPdf } from '../modules/expenses/receipts/test/minimal-pdf';
import { jsonFromChild } from './child-json';
import { Random } from './dataset';
import { fmtInt, fmtMb, procMemoryBytes, progress, type FigureSink } from './measure';

/**
 * The expense exports of `npm run bench`: one person's 100,000-row spreadsheet export
 * (GET /api/expenses/export's work: keyset pages from rm_expenses.expenses into exceljs's
 * streaming writer) and the 500-receipt zip (the `expenses.receipts-zip` job's work: the month's
 * receipts read from the read models, then streamed from FileStorage into a zip in FileStorage).
 * The bench process writes the rows and receipts; each export then runs in a child process of
 * its own (bench/export-child.ts), whose peak RSS is the figure. The smoke's are a few hundred
 * rows and a few receipts (`ExportSizes`, bench/config.ts).
 */

/** The spreadsheet's rows and the zip's receipts (100,000 and 500 in the full bench). */
export interface ExportSizes {
  readonly rows: number;
  readonly receipts: number;
}

const RECEIPT_BYTES = 40 * 1024;
const EXPORT_PERSON = 990_001;
const ZIP_PERSON = 990_002;
const ZIP_PROJECT = 990_201;
const ZIP_MONTH = '2025-03';

export type ExportKind = 'xlsx' | 'zip';

/** What one export run reports (from its child process). */
export interface ExportFigures {
  readonly kind: ExportKind;
  /** Rows written (xlsx) or files zipped (zip). */
  readonly amount: number;
  readonly seconds: number;
  readonly bytes: number;
  /** The child process's peak RSS (VmHWM), start-up included. */
  readonly peakRssBytes: number;
}

/** A sink that counts what it is given and throws it away (the network, as far as the bench cares). */
class CountingSink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.bytes += chunk.length;
    done();
  }
}

/** The expense rows of one person and the stored receipts of another. */
export async function prepareExpenseExports(
  db: Database,
  filesFolder: string,
  sizes: ExportSizes,
): Promise<void> {
  await createExportReadModels(db);
  progress(`inserting ${fmtInt(sizes.rows)} expense rows for one person`);
  const random = new Random('bench-expenses');
  const projects = [
    { projectId: 990_101, projectName: 'Bench Project North', projectCurrency: 'USD' },
    { projectId: 990_102, projectName: 'Bench Project Maple', projectCurrency: 'CAD' },
    { projectId: 990_103, projectName: 'Bench Project Thames', projectCurrency: 'GBP' },
  ];
  const categories = ['Meals', 'Hotel', 'Parking', 'Supplies', 'Mileage', 'Other'];
  const batch: ReturnType<typeof expenseRow>[] = [];
  const start = Date.UTC(2015, 0, 1);
  for (let i = 0; i < sizes.rows; i++) {
    const project = random.pick(projects);
    const cents = random.int(100, 250_000);
    batch.push(
      expenseRow({
        employeeId: EXPORT_PERSON,
        employeeName: 'Bench Person',
        ...project,
        categoryName: random.pick(categories),
        // ~27 per day over ten years: a spread of dates, many on the same day.
        date: new Date(start + Math.floor(i / 27.4) * 86_400_000).toISOString().slice(0, 10),
        claimed: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
      }),
    );
    if (batch.length === 5000) await insertExpenses(db, batch.splice(0));
  }
  await insertExpenses(db, batch.splice(0));

  const storage = new LocalFileStorage(filesFolder);
  progress(`storing ${fmtInt(sizes.receipts)} receipts of ${RECEIPT_BYTES / 1024} KB`);
  const rows: ReturnType<typeof expenseRow>[] = [];
  for (let i = 0; i < sizes.receipts; i++) {
    const bytes = minimalPdf([`Bench receipt ${i}`, `Total ${i}.00`], { totalBytes: RECEIPT_BYTES });
    const receipt = await storeReceipt(db, storage, ZIP_PERSON, `receipt-${i % 50}.pdf`, bytes);
    rows.push(
      expenseRow({
        employeeId: ZIP_PERSON,
        employeeName: 'Bench Zipper',
        projectId: ZIP_PROJECT,
        projectName: 'Bench Zip Project',
        date: `${ZIP_MONTH}-${String(1 + (i % 31)).padStart(2, '0')}`,
        claimed: '10.00',
        receiptId: receipt.receiptId,
      }),
    );
  }
  await insertExpenses(db, rows);
}

/** Runs one export against the prepared data (in the child process). */
export async function runExport(
  kind: ExportKind,
  db: Database,
  filesFolder: string,
  sizes: ExportSizes,
): Promise<ExportFigures> {
  const started = performance.now();
  if (kind === 'xlsx') {
    const sink = new CountingSink();
    const { rows } = await writeExpenseWorkbook(
      exportRowPages(db, {
        employeeId: EXPORT_PERSON,
        start: '2015-01-01',
        end: '2025-12-31',
        projectId: null,
      }),
      sink,
    );
    if (rows !== sizes.rows) throw new Error(`The export wrote ${rows} rows, not ${sizes.rows}`);
    const seconds = (performance.now() - started) / 1000;
    return { kind, amount: rows, seconds, bytes: sink.bytes, peakRssBytes: procMemoryBytes('self', 'VmHWM') };
  }
  const storage = new LocalFileStorage(filesFolder);
  const jobId = `bench-${randomUUID()}`;
  const found = await receiptsOfDays(db, ZIP_PERSON, ZIP_PROJECT, `${ZIP_MONTH}-01`, `${ZIP_MONTH}-31`);
  const names = zipEntryNames(found.receipts);
  const entries = found.receipts.map((r, i) => ({ ...r, name: names[i] }));
  const zipped = await writeReceiptsZip(storage, entries, receiptsZipStorageKey(jobId));
  const seconds = (performance.now() - started) / 1000;
  if (entries.length !== sizes.receipts || zipped.size < sizes.receipts * RECEIPT_BYTES) {
    throw new Error(`The zip has ${entries.length} receipts in ${zipped.size} bytes, not ${sizes.receipts}`);
  }
  // Read it back once so a broken archive cannot pass unnoticed (size only: the tests check contents).
  let read = 0;
  for await (const chunk of storage.open(receiptsZipStorageKey(jobId)) as Readable)
    read += (chunk as Buffer).length;
  return {
    kind,
    amount: entries.length,
    seconds,
    bytes: read,
    peakRssBytes: procMemoryBytes('self', 'VmHWM'),
  };
}

/** Runs bench/export-child.js for one export and answers what it printed. */
function exportInChild(
  kind: ExportKind,
  databaseUrl: string,
  filesFolder: string,
  sizes: ExportSizes,
): Promise<ExportFigures> {
  const args = [kind, databaseUrl, filesFolder, String(sizes.rows), String(sizes.receipts)];
  return jsonFromChild<ExportFigures>('export-child.js', args, `${kind} export`);
}

/** Prepares the data, then runs each export in a child process of its own. */
export async function benchExpenseExports(
  db: Database,
  databaseUrl: string,
  report: FigureSink,
  sizes: ExportSizes,
): Promise<{ xlsx: ExportFigures; zip: ExportFigures }> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-bench-files-'));
  try {
    await prepareExpenseExports(db, folder, sizes);
    progress('exporting the spreadsheet in a child process');
    const xlsx = await exportInChild('xlsx', databaseUrl, folder, sizes);
    report.rate(
      'expense export (xlsx)',
      xlsx.amount,
      'rows',
      xlsx.seconds,
      `one person's ${fmtInt(sizes.rows)} expenses (3 project currencies) through writeExpenseWorkbook over ` +
        `keyset pages of rm_expenses.expenses into a counting sink: ${fmtMb(xlsx.bytes)} of xlsx; ` +
        `run in a child process of its own, whose peak RSS was ${fmtMb(xlsx.peakRssBytes)}.`,
      xlsx.peakRssBytes,
    );
    progress('zipping the receipts in a child process');
    const zip = await exportInChild('zip', databaseUrl, folder, sizes);
    report.rate(
      'receipts zip',
      zip.amount,
      'files',
      zip.seconds,
      `the receipts-zip job's work: the month's ${fmtInt(sizes.receipts)} receipts (${RECEIPT_BYTES / 1024} KB PDFs) found in the ` +
        `read models, streamed one at a time from the local FileStorage into a stored (not deflated) zip written ` +
        `back to it: ${fmtMb(zip.bytes)}; run in a child process of its own, whose peak RSS was ${fmtMb(zip.peakRssBytes)}.`,
      zip.peakRssBytes,
    );
    return { xlsx, zip };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
