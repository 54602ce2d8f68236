import type { CreateTableBuilder } from 'kysely';
import type { Database } from '../../platform/database/database';
import { tablesOf } from '../../platform/database/typed-view';
import {
  createLocksTable,
  createNameLookupTables,
  type PeriodRows,
  type PeriodRowsTable,
} from './name-lookups';

/*
 * What the timesheets and expenses read models write alike into their own table of ledger rows
 * (time entries, expenses): the person and project columns, the review columns the period events
 * stamp, the lookups a batch statement joins, and the approval and withdrawal of rows.
 */

/** The lookups a ledger row table's projection keeps: the names and the locks `ROW_LOOKUP_JOINS` reads. */
export async function createRowLookupTables(db: Database, locksPrimaryKey: string): Promise<void> {
  await createNameLookupTables(db);
  await createLocksTable(db, locksPrimaryKey);
}

/** The person's and the project's ids and names, as a ledger row table has them after its id. */
export function personAndProjectColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('employee_id', 'integer', (c) => c.notNull())
    .addColumn('employee_name', 'text', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('project_name', 'text', (c) => c.notNull());
}

/** The columns approval, verification and return write (`recordVerifiedPeriod`, `recordReturnedPeriod`). */
export function reviewColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('is_approved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('verified_at', 'timestamptz')
    .addColumn('return_reason', 'text')
    .addColumn('returned_at', 'timestamptz');
}

/** The index a person's rows of a date range are read by: `{table}_by_employee_date`. */
export async function createEmployeeDateIndex(db: Database, table: string): Promise<void> {
  await db.schema
    .createIndex(`${table}_by_employee_date`)
    .on(table)
    .columns(['employee_id', 'date'])
    .execute();
}

/**
 * For a raw statement over rows `r` (employee_id, project_id, month, date): the lookups that give
 * a row its person's name (`person.name`), its project's (`project.name`) and the verified-at of
 * the lock covering its day (`lock.verified_at`), as the per-event path reads them one at a time
 * (`personNameQuery`, `projectNameQuery`, `lockQuery`).
 */
export const ROW_LOOKUP_JOINS = `left join people person on person.staff_id = r.employee_id
    left join projects project on project.project_id = r.project_id
    left join lateral (
           select l.verified_at from locks l
            where l.employee_id = r.employee_id and l.project_id = r.project_id and l.month = r.month
              and r.date between l.from_date and l.through_date
            limit 1) lock on true`;

/** Approved rows (`TimesheetsApproved`, `ExpensesApproved`): approved as of the event. */
export async function recordApprovedRows(
  db: Database,
  rows: PeriodRows,
  ids: readonly string[],
  at: string,
): Promise<void> {
  if (ids.length === 0) return;
  await tablesOf<Record<string, PeriodRowsTable>>(db)
    .updateTable(rows.table)
    .set({ is_approved: true, changed_at: at })
    .where(rows.idColumn, 'in', [...ids])
    .execute();
}

/**
 * A withdrawn row goes, but only the row still in the withdrawn month: a row moved to another
 * month is withdrawn here and written again there (same id), and that new row stays.
 */
export async function deleteWithdrawnRow(
  db: Database,
  rows: PeriodRows,
  id: string,
  month: string,
): Promise<void> {
  await tablesOf<Record<string, PeriodRowsTable>>(db)
    .deleteFrom(rows.table)
    .where(rows.idColumn, '=', id)
    .where('month', '=', month)
    .execute();
}
