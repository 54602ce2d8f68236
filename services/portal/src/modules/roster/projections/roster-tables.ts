import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { readModelTablesOf, type ReplayedReadModels } from '../../../platform/projection/as-of-replay';

/** The projection's name; its table lives in the schema `rm_roster`. */
export const ROSTER_READ_MODEL = 'roster';

/** A row of `rm_roster.roster_entries`: one person and one project, present once ever ticked. */
export interface RosterEntriesTable {
  employee_id: number;
  project_id: number;
  is_allowed_to_bill: boolean;
  /** timestamptz: written as the event's ISO instant, read as a Date. */
  changed_at: ColumnType<Date, string, string>;
}

export interface RosterTables {
  roster_entries: RosterEntriesTable;
}

/** The roster's own table, typed. */
export function rosterTables(db: Database, replayed?: ReplayedReadModels | null): Kysely<RosterTables> {
  return readModelTablesOf<RosterTables>(db, ROSTER_READ_MODEL, replayed);
}
