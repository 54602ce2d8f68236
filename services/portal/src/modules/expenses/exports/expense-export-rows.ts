import { normaliseDecimal } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import { EXPENSES_READ_MODEL, type ExpenseTable } from '../projections/expenses.projection';
import { RECEIPTS_READ_MODEL, type ReceiptsReadModel } from '../receipts/receipts.projection';

/** Read models this module reads (owned by the expenses and receipts projections), schema-qualified. */
export const EXPENSES_TABLE = `rm_${EXPENSES_READ_MODEL}.expenses` as const;
export const RECEIPTS_TABLE = `rm_${RECEIPTS_READ_MODEL}.receipts` as const;

/** Both tables by schema-qualified name, so one statement can join them. */
interface ExportTables {
  [EXPENSES_TABLE]: ExpenseTable;
  [RECEIPTS_TABLE]: ReceiptsReadModel['receipts'];
}

export interface ExportFilter {
  readonly employeeId: number;
  readonly start: string;
  readonly end: string;
  readonly projectId: number | null;
}

export interface ExportRow {
  readonly expenseId: string;
  readonly date: string;
  readonly projectName: string;
  readonly categoryName: string;
  /** The receipt currency. */
  readonly currency: string;
  /** The expense's own amount (decimal string) in `currency`. */
  readonly amount: string;
  /** Claimed amount (decimal string) in `claimedCurrency`. */
  readonly claimed: string;
  /** The project currency, or the receipt currency when the project has none (no conversion). */
  readonly claimedCurrency: string;
}

export const EXPORT_PAGE_SIZE = 2000;

interface RawRow {
  readonly expense_id: string;
  readonly date_text: string;
  readonly project_name: string | null;
  readonly category_name: string | null;
  readonly currency: string | null;
  readonly project_currency: string | null;
  readonly amount_text: string;
  readonly claimed_text: string;
}

/**
 * The expenses of one person in a date range (and project), by date, read page by page with a
 * keyset (date, expense id): memory stays at one page however many rows there are, and rows
 * changing meanwhile never make a page repeat or skip one.
 */
export async function* exportRowPages(
  handle: Database,
  filter: ExportFilter,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportRow[]> {
  const db = tablesOf<ExportTables>(handle);
  let after: { date: string; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom(EXPENSES_TABLE)
      .select([
        sql<string>`expense_id::text`.as('expense_id'),
        sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date_text'),
        'project_name',
        'category_name',
        'currency',
        'project_currency',
        sql<string>`amount::text`.as('amount_text'),
        sql<string>`claimed::text`.as('claimed_text'),
      ])
      .where('employee_id', '=', filter.employeeId)
      .where('date', '>=', filter.start)
      .where('date', '<=', filter.end);
    if (filter.projectId !== null) query = query.where('project_id', '=', filter.projectId);
    if (after)
      query = query.where(sql<boolean>`(date, expense_id::text) > (${after.date}::date, ${after.id})`);
    const found: RawRow[] = await query
      .orderBy('date')
      .orderBy(sql`expense_id::text`)
      .limit(pageSize)
      .execute();
    if (found.length === 0) return;
    yield found.map(toExportRow);
    if (found.length < pageSize) return;
    const last = found[found.length - 1];
    after = { date: last.date_text, id: last.expense_id };
  }
}

function currencyCode(value: string | null): string {
  return (value ?? '').trim().toUpperCase();
}

function toExportRow(row: RawRow): ExportRow {
  const currency = currencyCode(row.currency);
  const projectCurrency = currencyCode(row.project_currency);
  return {
    expenseId: row.expense_id,
    date: row.date_text,
    projectName: row.project_name ?? '',
    categoryName: row.category_name ?? '',
    currency,
    amount: normaliseDecimal(row.amount_text),
    claimed: normaliseDecimal(row.claimed_text),
    claimedCurrency: projectCurrency === '' || projectCurrency === '-' ? currency : projectCurrency,
  };
}

export interface ReceiptInSelection {
  readonly receiptId: string;
  readonly storageKey: string;
  readonly fileName: string;
  readonly size: number;
  /** The first date of the expenses asked for that carry this receipt. */
  readonly date: string;
}

export interface SelectedReceipts {
  readonly employeeName: string;
  readonly projectName: string;
  readonly receipts: readonly ReceiptInSelection[];
}

/**
 * The receipts attached to one person's expenses of one project dated from `first` to `last` (a
 * month, or a billing period over two months; a receipt shared by several expenses, e.g. a per
 * diem, once), by first date then id.
 */
export async function receiptsOfDays(
  handle: Database,
  employeeId: number,
  projectId: number,
  first: string,
  last: string,
): Promise<SelectedReceipts> {
  const db = tablesOf<ExportTables>(handle);
  const rows = await db
    .selectFrom(`${EXPENSES_TABLE} as e`)
    .innerJoin(`${RECEIPTS_TABLE} as r`, (join) => join.onRef('r.receipt_id', '=', 'e.receipt_id'))
    .select([
      sql<string>`r.receipt_id::text`.as('receipt_id'),
      sql<string>`max(r.storage_key)`.as('storage_key'),
      sql<string>`max(r.file_name)`.as('file_name'),
      sql<string>`max(r.size)::text`.as('size'),
      sql<string>`to_char(min(e.date), 'YYYY-MM-DD')`.as('first_date'),
      sql<string>`max(e.employee_name)`.as('employee_name'),
      sql<string>`max(e.project_name)`.as('project_name'),
    ])
    .where('e.employee_id', '=', employeeId)
    .where('e.project_id', '=', projectId)
    .where('e.date', '>=', first)
    .where('e.date', '<=', last)
    .groupBy('r.receipt_id')
    .orderBy(sql`min(e.date)`)
    .orderBy('r.receipt_id')
    .execute();
  return {
    employeeName: rows[0]?.employee_name ?? `Staff ${employeeId}`,
    projectName: rows[0]?.project_name ?? `Project ${projectId}`,
    receipts: rows.map((r) => ({
      receiptId: r.receipt_id,
      storageKey: r.storage_key,
      fileName: r.file_name,
      size: Number(r.size),
      date: r.first_date,
    })),
  };
}
