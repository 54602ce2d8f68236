import type { PeriodStreamEvent } from '@portal/contracts';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { ColumnSpecs, TableSpecs } from '../../../platform/projection/read-model-tables';
import {
  nameLookupTables,
  recordReturnedPeriod,
  recordVerifiedPeriod,
  type NameLookupTables,
  type PeriodRows,
  type PeriodRowsTable,
} from './name-lookups';

/*
 * What the timesheets and expenses read models write alike into their own table of ledger rows
 * (time entries, expenses): the person and project columns, the review columns the period events
 * stamp, the lookups a batch statement joins, and the withdrawal of rows.
 */

/** The person's and the project's ids and names, as a ledger row table has them after its id. */
export const personAndProjectColumns = {
  employee_id: 'integer not null',
  employee_name: 'text not null',
  project_id: 'integer not null',
  project_name: 'text not null',
} as const satisfies ColumnSpecs;

/** The columns the period events write (`LedgerRowTable.recordPeriodEvent`): approval, verification, return. */
export const reviewColumns = {
  is_approved: ['boolean', (c) => c.notNull().defaultTo(false)],
  verified_at: 'timestamptz',
  return_reason: 'text',
  returned_at: 'timestamptz',
} as const satisfies ColumnSpecs;

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

/** One read model's table of ledger rows (`rows`), and what its projection writes to it alike. */
export class LedgerRowTable {
  constructor(readonly rows: PeriodRows) {}

  /** The lookups the projection keeps beside the table: the names and the locks `ROW_LOOKUP_JOINS` reads. */
  lookupTables(locksPrimaryKey: string): TableSpecs<NameLookupTables> {
    return nameLookupTables(locksPrimaryKey);
  }

  /** The index a person's rows of a date range are read by: `{table}_by_employee_date`. */
  employeeDateIndex(): Record<string, readonly string[]> {
    return { [`${this.rows.table}_by_employee_date`]: ['employee_id', 'date'] };
  }

  /**
   * A period event on the rows: verification stamps them and records the lock, a return reopens
   * them, and an approval of this kind approves the rows it lists (the other kind's changes nothing).
   */
  async recordPeriodEvent(db: Database, event: PeriodStreamEvent, at: string): Promise<void> {
    switch (event.type) {
      case 'PeriodVerified':
        return recordVerifiedPeriod(db, this.rows, event.data, at);
      case 'PeriodReturned':
        return recordReturnedPeriod(db, this.rows, event.data, at);
      case 'TimesheetsApproved':
        return this.rows.kind === 'timesheets' ? this.approve(db, event.data.entryIds, at) : undefined;
      case 'ExpensesApproved':
        return this.rows.kind === 'expenses' ? this.approve(db, event.data.expenseIds, at) : undefined;
    }
  }

  /**
   * A withdrawn row goes, but only the row still in the withdrawn month: a row moved to another
   * month is withdrawn here and written again there (same id), and that new row stays.
   */
  async deleteWithdrawn(db: Database, id: string, month: string): Promise<void> {
    await this.table(db)
      .deleteFrom(this.rows.table)
      .where(this.rows.idColumn, '=', id)
      .where('month', '=', month)
      .execute();
  }

  private async approve(db: Database, ids: readonly string[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await this.table(db)
      .updateTable(this.rows.table)
      .set({ is_approved: true, changed_at: at })
      .where(this.rows.idColumn, 'in', [...ids])
      .execute();
  }

  private table(db: Database) {
    return tablesOf<Record<string, PeriodRowsTable>>(db);
  }
}
