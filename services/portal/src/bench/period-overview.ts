import { endOfMonth } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import { entryTextColumns } from '../modules/timesheets/projections/timesheets.projection';
import { timesheetsReadModel } from '../modules/timesheets/projections/timesheets-tables';

/**
 * The all-staff period query of the bench: every entry of every person in one month, with
 * per-person totals. The timesheets context has no such query yet, so this is the bench's own
 * SQL over `rm_timesheets.entries`; it filters on the date range so it can use the
 * `entries_by_date_project (date, project_id)` index.
 */
export interface PeriodOverview {
  readonly rows: number;
  readonly people: {
    employeeId: number;
    name: string;
    hours: string;
    overtimeHours: string;
    value: string;
  }[];
}

/** 'YYYY-MM' -> its last day, 'YYYY-MM-DD'. */
export function lastDayOf(month: string): string {
  return endOfMonth(`${month}-01`);
}

export async function periodOverview(db: Database, month: string): Promise<PeriodOverview> {
  const start = `${month}-01`;
  const end = lastDayOf(month);
  const entries = () =>
    timesheetsReadModel(db).selectFrom('entries').where('date', '>=', start).where('date', '<=', end);

  const rows = await entries()
    .select([
      'entry_id',
      'employee_id',
      'employee_name',
      'project_id',
      'project_name',
      'sub_project_name',
      'comment',
      'is_approved',
      'verified_at',
      ...entryTextColumns(),
    ])
    .orderBy('employee_name')
    .orderBy('employee_id')
    .orderBy('date')
    .orderBy('entry_id')
    .execute();

  const totals = await entries()
    .select([
      'employee_id',
      'employee_name',
      sql<string>`sum(hours)::text`.as('hours'),
      sql<string>`coalesce(sum(overtime_hours), 0)::text`.as('overtime_hours'),
      sql<string>`sum(value)::text`.as('value'),
    ])
    .groupBy(['employee_id', 'employee_name'])
    .orderBy('employee_name')
    .orderBy('employee_id')
    .execute();

  return {
    rows: rows.length,
    people: totals.map((t) => ({
      employeeId: Number(t.employee_id),
      name: String(t.employee_name),
      hours: String(t.hours),
      overtimeHours: String(t.overtime_hours),
      value: String(t.value),
    })),
  };
}
