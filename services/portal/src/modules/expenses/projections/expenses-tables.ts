import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { readModelTablesOf, type ReplayedReadModels } from '../../../platform/projection/as-of-replay';

/** The expenses read model's tables (`rm_expenses`), as the projection writes and queries read them. */

export const EXPENSES_READ_MODEL = 'expenses';

/** A `date` column: written and compared as 'YYYY-MM-DD' text, read as text through to_char. */
type DateColumn = ColumnType<Date | string, string, string>;
/** A `numeric` column: decimal strings both ways (never floats). */
type Decimal = string;
type Instant = ColumnType<Date | string, string | Date, string | Date>;

export interface ExpenseTable {
  expense_id: string;
  employee_id: number;
  employee_name: string;
  project_id: number;
  project_name: string;
  category_id: number;
  category_name: string;
  date: DateColumn;
  month: string;
  activity_date: DateColumn | null;
  currency: string;
  amount: Decimal;
  total_amount: Decimal | null;
  rate: Decimal;
  project_currency: string | null;
  claimed: Decimal;
  is_billable: boolean;
  comment: string;
  receipt_id: string | null;
  receipt_file_name: string | null;
  is_approved: ColumnType<boolean, boolean | undefined, boolean>;
  verified_at: Instant | null;
  /** The admin's reason while the expense is returned; cleared when expenses are verified again. */
  return_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the reason was given (the latest return's reason is the one the board shows). */
  returned_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  version: number;
  group_id: string | null;
  changed_at: Instant;
}

/** `rm_expenses`: the expense rows and the projection's own lookups (names, receipt names, locks). */
export interface ExpensesReadModel {
  expenses: ExpenseTable;
  receipts: { receipt_id: string; employee_id: number; file_name: string };
  /** The verified days of each project and month (`recordVerifiedPeriod` in lookups writes them). */
  locks: {
    employee_id: number;
    project_id: number;
    month: string;
    from_date: DateColumn;
    through_date: DateColumn;
    verified_at: Instant;
  };
  projects: { project_id: number; name: string };
  people: { staff_id: number; name: string };
}

/** The expenses read model for queries. */
export function expensesReadModel(
  db: Database,
  replayed?: ReplayedReadModels | null,
): Kysely<ExpensesReadModel> {
  return readModelTablesOf<ExpensesReadModel>(db, EXPENSES_READ_MODEL, replayed);
}
