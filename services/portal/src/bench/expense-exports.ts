import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { Database } from '../platform/database/database';
import { LocalFileStorage } from '../platform/files/local-file-storage';
import { zipEntryNames } from '../modules/expenses/exports/download-names';
import { exportRowPages, receiptsOfMonth } from '../modules/expenses/exports/expense-export-rows';
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
import { Random } from './dataset';
import { fmtInt, fmtMb, progress, timed, type RssSampler } from './measure';

/**
 * The expense exports of `npm run bench`: one person's 100,000-row spreadsheet export
 * (GET /api/expenses/export's work: keyset pages from rm_expenses.expenses into exceljs's
 * streaming writer) and the 500-receipt zip (the `expenses.receipts-zip` job's work: the month's
 * receipts read from the read models, then streamed from FileStorage into a zip in FileStorage).
 */
export const EXPORT_ROWS = 100_000;
export const ZIP_RECEIPTS = 500;
const RECEIPT_BYTES = 40 * 1024;
const EXPORT_PERSON = 990_001;
const ZIP_PERSON = 990_002;

/** What the bench's report takes (bench/run.ts's Report). */
export interface FigureSink {
  rate(label: string, amount: number, unit: string, seconds: number, detail?: string): void;
}

/** A sink that counts what it is given and throws it away (the network, as far as the bench cares). */
class CountingSink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.bytes += chunk.length;
    done();
  }
}

export async function benchExpenseExports(db: Database, report: FigureSink, rss: RssSampler): Promise<void> {
  await createExportReadModels(db);
  await benchSpreadsheet(db, report, rss);
  await benchReceiptsZip(db, report, rss);
}

async function benchSpreadsheet(db: Database, report: FigureSink, rss: RssSampler): Promise<void> {
  progress(`inserting ${fmtInt(EXPORT_ROWS)} expense rows for one person`);
  const random = new Random('bench-expenses');
  const projects = [
    { projectId: 990_101, projectName: 'Bench Project North', projectCurrency: 'USD' },
    { projectId: 990_102, projectName: 'Bench Project Maple', projectCurrency: 'CAD' },
    { projectId: 990_103, projectName: 'Bench Project Thames', projectCurrency: 'GBP' },
  ];
  const categories = ['Meals', 'Hotel', 'Parking', 'Supplies', 'Mileage', 'Other'];
  const batch: ReturnType<typeof expenseRow>[] = [];
  const start = Date.UTC(2015, 0, 1);
  for (let i = 0; i < EXPORT_ROWS; i++) {
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

  rss.reset();
  const before = rss.peakBytes();
  const sink = new CountingSink();
  const exported = await timed(() =>
    writeExpenseWorkbook(
      exportRowPages(db, {
        employeeId: EXPORT_PERSON,
        start: '2015-01-01',
        end: '2025-12-31',
        projectId: null,
      }),
      sink,
    ),
  );
  if (exported.result.rows !== EXPORT_ROWS) {
    throw new Error(`The export wrote ${exported.result.rows} rows, not ${EXPORT_ROWS}`);
  }
  report.rate(
    'expense export (xlsx)',
    exported.result.rows,
    'rows',
    exported.seconds,
    `one person's ${fmtInt(EXPORT_ROWS)} expenses (3 project currencies) through writeExpenseWorkbook over ` +
      `keyset pages of rm_expenses.expenses into a counting sink: ${fmtMb(sink.bytes)} of xlsx, ` +
      `RSS ${fmtMb(before)} when it started.`,
  );
}

async function benchReceiptsZip(db: Database, report: FigureSink, rss: RssSampler): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-bench-files-'));
  try {
    const storage = new LocalFileStorage(folder);
    progress(`storing ${ZIP_RECEIPTS} receipts of ${RECEIPT_BYTES / 1024} KB`);
    const rows: ReturnType<typeof expenseRow>[] = [];
    for (let i = 0; i < ZIP_RECEIPTS; i++) {
      const bytes = minimalPdf([`Bench receipt ${i}`, `Total ${i}.00`], { totalBytes: RECEIPT_BYTES });
      const receipt = await storeReceipt(db, storage, ZIP_PERSON, `receipt-${i % 50}.pdf`, bytes);
      rows.push(
        expenseRow({
          employeeId: ZIP_PERSON,
          employeeName: 'Bench Zipper',
          projectId: 990_201,
          projectName: 'Bench Zip Project',
          date: `2025-03-${String(1 + (i % 31)).padStart(2, '0')}`,
          claimed: '10.00',
          receiptId: receipt.receiptId,
        }),
      );
    }
    await insertExpenses(db, rows);

    rss.reset();
    const before = rss.peakBytes();
    const jobId = `bench-${randomUUID()}`;
    const zipped = await timed(async () => {
      const found = await receiptsOfMonth(db, ZIP_PERSON, 990_201, '2025-03');
      const names = zipEntryNames(found.receipts);
      const entries = found.receipts.map((r, i) => ({ ...r, name: names[i] }));
      return writeReceiptsZip(storage, entries, receiptsZipStorageKey(jobId));
    });
    if (zipped.result.size < ZIP_RECEIPTS * RECEIPT_BYTES) {
      throw new Error(`The zip has ${zipped.result.size} bytes, less than its receipts`);
    }
    // Read it back once so a broken archive cannot pass unnoticed (size only: the tests check contents).
    let read = 0;
    for await (const chunk of storage.open(receiptsZipStorageKey(jobId)) as Readable)
      read += (chunk as Buffer).length;
    report.rate(
      'receipts zip',
      ZIP_RECEIPTS,
      'files',
      zipped.seconds,
      `the receipts-zip job's work: the month's ${ZIP_RECEIPTS} receipts (${RECEIPT_BYTES / 1024} KB PDFs) found in the ` +
        `read models, streamed one at a time from the local FileStorage into a stored (not deflated) zip written ` +
        `back to it: ${fmtMb(read)}, RSS ${fmtMb(before)} when it started.`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
