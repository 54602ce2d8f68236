import type { LedgerCellSummary, LedgerMonthsSummary, StateCounts } from '@portal/contracts';
import { sql } from 'kysely';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery } from '../../../platform/cqrs';

/**
 * How many rows of a group stand in each state, as aggregate columns over a table with
 * `is_approved`, `return_reason`, `returned_at` and `verified_at` (the order of contracts'
 * `rowStateOf`), and the reason of the latest return among its returned rows: one definition for
 * the time and expense read models.
 */
export function stateCountColumns() {
  return [
    sql<number>`count(*) filter (where is_approved)::int`.as('approved'),
    sql<number>`count(*) filter (where not is_approved and return_reason is not null)::int`.as('returned'),
    sql<number>`count(*) filter (where not is_approved and return_reason is null and verified_at is not null)::int`.as(
      'verified',
    ),
    sql<number>`count(*) filter (where not is_approved and return_reason is null and verified_at is null)::int`.as(
      'entered',
    ),
    sql<string | null>`(array_agg(return_reason order by returned_at desc nulls last)
      filter (where not is_approved and return_reason is not null))[1]`.as('return_reason'),
  ] as const;
}

/**
 * A read model's rows of some dates summed per person, project and month, by state: what the
 * period board asks the timesheets and the expenses context. The caller decides whose rows may be
 * shown; `employeeIds` null means everyone's.
 */
export abstract class LedgerMonthsQuery extends PortalQuery<LedgerMonthsSummary> {
  constructor(
    principal: Principal,
    readonly start: string,
    readonly end: string,
    readonly employeeIds: readonly number[] | null,
  ) {
    super(principal);
  }
}

/** The counts `stateCountColumns` gives a grouped row. */
export interface StateCountRow {
  approved: number;
  returned: number;
  verified: number;
  entered: number;
}

export function stateCountsOf(row: StateCountRow): StateCounts {
  return { entered: row.entered, verified: row.verified, approved: row.approved, returned: row.returned };
}

/** One grouped row (the state counts above plus its sums) as the board's cell summary. */
export function cellSummaryOf(
  row: StateCountRow & {
    employee_id: number;
    project_id: number;
    month: string;
    return_reason: string | null;
    hours: string;
    amount: string;
    /** Rows entered or changed late (time only; expenses have none). */
    late_entries?: number;
  },
): LedgerCellSummary {
  return {
    employeeId: row.employee_id,
    projectId: row.project_id,
    month: row.month,
    counts: stateCountsOf(row),
    hours: row.hours,
    amount: row.amount,
    lateEntries: row.late_entries ?? 0,
    returnReason: row.return_reason,
  };
}
