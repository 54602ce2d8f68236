import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import { readModelSchema } from '../../../platform/projection/projection';

/** The projection's name; its tables live in the schema `rm_leave`. */
export const LEAVE_READ_MODEL = 'leave';

/** Everyone's leave now (a removed leave's row is deleted; the log keeps it). */
export interface LeavesTable {
  leave_id: string;
  employee_id: number;
  leave_type: string;
  /** 'YYYY-MM-DD' text: compared as text, which orders like the dates. */
  from_date: string;
  to_date: string;
  notes: string;
  version: number;
  changed_at: ColumnType<Date, string, string>;
}

export interface LeaveTables {
  leaves: LeavesTable;
}

export function leaveTables(db: Database): Kysely<LeaveTables> {
  return tablesOf<LeaveTables>(db, readModelSchema(LEAVE_READ_MODEL));
}
