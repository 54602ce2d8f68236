import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { readModelTablesOf, type ReplayedReadModels } from '../../../platform/projection/as-of-replay';

/** The projection's name; its table lives in the schema `rm_planning`. */
export const PLANNING_READ_MODEL = 'planning';

/** A row of `rm_planning.planned_hours`: one person, project and month ('YYYY-MM'); null = emptied. */
export interface PlannedHoursTable {
  project_id: number;
  employee_id: number;
  month: string;
  planned_hours: number | null;
  /** timestamptz: written as the event's ISO instant, read as a Date. */
  changed_at: ColumnType<Date, string, string>;
}

export interface PlanningTables {
  planned_hours: PlannedHoursTable;
}

/** The planning context's own table, typed. */
export function planningTables(db: Database, replayed?: ReplayedReadModels | null): Kysely<PlanningTables> {
  return readModelTablesOf<PlanningTables>(db, PLANNING_READ_MODEL, replayed);
}
