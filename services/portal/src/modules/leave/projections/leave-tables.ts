import type { ColumnType } from 'kysely';
import { readModelTables } from '../../../platform/projection/read-model-tables';

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

export const leaveTables = readModelTables<LeaveTables>(LEAVE_READ_MODEL);
