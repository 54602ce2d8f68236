import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { readModelTablesOf, type ReplayedReadModels } from '../../../platform/projection/as-of-replay';
import { TIMESHEETS_READ_MODEL, type TimesheetEntryRow } from './timesheets.projection';

/** The tables of `rm_timesheets`, as the queries read them. */
export interface TimesheetsDatabase {
  entries: TimesheetEntryRow;
  projects: { project_id: number; name: string };
  people: { staff_id: number; name: string };
  locks: { employee_id: number; project_id: number; month: string; verified_at: Date | string };
}

/** The timesheets read model, typed: the context's queries read only this. */
export function timesheetsReadModel(
  db: Database,
  replayed?: ReplayedReadModels | null,
): Kysely<TimesheetsDatabase> {
  return readModelTablesOf<TimesheetsDatabase>(db, TIMESHEETS_READ_MODEL, replayed);
}
