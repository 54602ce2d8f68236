// Fixed dates: read-model rows with their own change and upload instants.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Database } from '../../../../platform/database/database';
import { FileStorage, type PutOptions, type StoredFile } from '../../../../platform/files/file-storage.port';
import { readModelSchema, type Projection } from '../../../../platform/projection/projection';
import { expensesProjection, expensesReadModel } from '../../projections/expenses.projection';
import { receiptsProjection, receiptsReadModel } from '../../receipts/receipts.projection';

/**
 * Fixtures of the export tests and the bench: the expenses and receipts read models created by
 * their own projections' createTables, rows written into them, receipt files in FileStorage.
 */
/** Creates each read model unless its schema exists. */
export async function createExportReadModels(db: Database): Promise<void> {
  for (const projection of [expensesProjection, receiptsProjection] as Projection[]) {
    const schema = readModelSchema(projection.name);
    const found = await sql`select 1 from information_schema.schemata where schema_name = ${schema}`.execute(
      db,
    );
    if (found.rows.length > 0) continue; // a projector made it already
    await sql`create schema ${sql.id(schema)}`.execute(db);
    await projection.createTables(db.withSchema(schema));
  }
}

export interface ExpenseRowInput {
  readonly employeeId: number;
  readonly employeeName: string;
  readonly projectId: number;
  readonly projectName: string;
  readonly categoryId?: number;
  readonly categoryName?: string;
  readonly date: string;
  readonly currency?: string;
  readonly amount?: string;
  readonly rate?: string;
  readonly projectCurrency?: string | null;
  readonly claimed: string;
  readonly receiptId?: string | null;
  readonly expenseId?: string;
}

/** Rows for `rm_expenses.expenses`, as the expenses projection would hold them. */
export function expenseRow(input: ExpenseRowInput) {
  return {
    expense_id: input.expenseId ?? randomUUID(),
    employee_id: input.employeeId,
    employee_name: input.employeeName,
    project_id: input.projectId,
    project_name: input.projectName,
    category_id: input.categoryId ?? 8,
    category_name: input.categoryName ?? 'Other',
    date: input.date,
    month: input.date.slice(0, 7),
    currency: input.currency ?? 'USD',
    amount: input.amount ?? input.claimed,
    rate: input.rate ?? '1',
    project_currency: input.projectCurrency === undefined ? 'USD' : input.projectCurrency,
    claimed: input.claimed,
    is_billable: true,
    comment: 'Client visit',
    receipt_id: input.receiptId ?? null,
    receipt_file_name: null,
    is_approved: false,
    version: 1,
    changed_at: new Date('2026-11-01T00:00:00Z'),
  };
}

export async function insertExpenses(db: Database, rows: readonly ReturnType<typeof expenseRow>[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    await expensesReadModel(db)
      .insertInto('expenses')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

export interface StoredReceipt {
  readonly receiptId: string;
  readonly fileName: string;
  readonly bytes: Buffer;
}

/** Stores the file through FileStorage and adds its row to `rm_receipts.receipts`. */
export async function storeReceipt(
  db: Database,
  storage: FileStorage,
  employeeId: number,
  fileName: string,
  bytes: Buffer,
  options: { storeFile?: boolean } = {},
): Promise<StoredReceipt> {
  const receiptId = randomUUID();
  const storageKey = `receipts/${employeeId}/${receiptId}.pdf`;
  if (options.storeFile ?? true) await storage.put(storageKey, Readable.from([bytes]));
  await receiptsReadModel(db)
    .insertInto('receipts')
    .values({
      receipt_id: receiptId,
      employee_id: employeeId,
      file_name: fileName,
      content_type: 'application/pdf',
      size: bytes.length,
      sha256: 'not-checked-here',
      storage_key: storageKey,
      uploaded_at: '2026-11-01T00:00:00Z',
    })
    .execute();
  return { receiptId, fileName, bytes };
}

/**
 * FileStorage whose receipt reads start late, so a job's progress can be watched; it counts the
 * receipt streams open at once.
 */
export class SlowReceiptStorage extends FileStorage {
  openReceipts = 0;
  mostOpenReceipts = 0;

  constructor(
    private readonly inner: FileStorage,
    private readonly delayMs: number,
  ) {
    super();
  }
  put(key: string, content: Readable, options?: PutOptions): Promise<StoredFile> {
    return this.inner.put(key, content, options);
  }
  open(key: string): Readable {
    if (!key.startsWith('receipts/')) return this.inner.open(key);
    const inner = this.inner;
    const delayMs = this.delayMs;
    this.openReceipts += 1;
    this.mostOpenReceipts = Math.max(this.mostOpenReceipts, this.openReceipts);
    const stream = Readable.from(
      (async function* () {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        for await (const chunk of inner.open(key)) yield chunk as Buffer;
      })(),
    );
    stream.once('close', () => (this.openReceipts -= 1));
    return stream;
  }
  readRange(key: string, start: number, length: number): Promise<Buffer> {
    return this.inner.readRange(key, start, length);
  }
  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }
  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }
}
