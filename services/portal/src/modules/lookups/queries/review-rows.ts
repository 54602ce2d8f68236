import type { ReviewExpenseRow, ReviewTimeRow, StateCounts } from '@portal/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery } from '../../../platform/cqrs';
import type { ReplayedReadModels } from '../../../platform/projection/as-of-replay';
import { stateCountsOf, type StateCountRow } from './ledger-state-sql';

/**
 * What the admin review (board context) asks the timesheets and expenses contexts: their rows of
 * a date range, narrowed to the projects and people the caller may see and the filter names. The
 * board decides the scope; these answer only what they are asked.
 */
export interface ReviewRowFilter {
  readonly start: string;
  readonly end: string;
  /** null: every project; otherwise only these (the caller's scope and the project filter). */
  readonly projectIds: readonly number[] | null;
  /** Time only: the umbrella project's sub-project chosen in the filter. */
  readonly subProjectId: number | null;
  /** null: everyone; otherwise only these people. */
  readonly employeeIds: readonly number[] | null;
}

/** A filter's rows summed per person and project (and sub-project, for time). */
export interface ReviewGroupSummary {
  readonly employeeId: number;
  readonly projectId: number;
  /** Time: the sub-project of umbrella project 45; expenses: null. */
  readonly subProjectId: number | null;
  readonly counts: StateCounts;
  /** Time: hours; expenses: '0'. */
  readonly hours: string;
  /** Time: overtime hours; expenses: '0'. */
  readonly overtimeHours: string;
  /** Time: the value (hours x 200, truncated per row); expenses: the claimed total. */
  readonly amount: string;
}

/** A time row as the timesheets context answers it: the board adds the owner. */
export type ReviewTimeRowData = Omit<ReviewTimeRow, 'ownerId'>;
/** An expense row as the expenses context answers it: the board adds the owner. */
export type ReviewExpenseRowData = Omit<ReviewExpenseRow, 'ownerId'>;

abstract class ReviewRowsQuery<R> extends PortalQuery<R> {
  constructor(
    principal: Principal,
    readonly filter: ReviewRowFilter,
    /** The read models as they stood at a past instant (the review "as of"); null: the live ones. */
    readonly replayed: ReplayedReadModels | null = null,
  ) {
    super(principal);
  }
}

/** Per person and project: how many rows in each state and their sums, over the whole filter. */
export abstract class ReviewSummaryQuery extends ReviewRowsQuery<ReviewGroupSummary[]> {}
/** The time rows of the filter (its `employeeIds` are one page's people), by person and date. */
export abstract class ReviewTimeRowsQuery extends ReviewRowsQuery<ReviewTimeRowData[]> {}
/** The expense rows of the filter (its `employeeIds` are one page's people), by person and date. */
export abstract class ReviewExpenseRowsQuery extends ReviewRowsQuery<ReviewExpenseRowData[]> {}

/**
 * The filter as one WHERE condition over a read model's table with `employee_id`, `project_id`,
 * `date` (and `sub_project_id` when `withSubProject`). Lists go as one array parameter each.
 */
export function reviewFilterSql(filter: ReviewRowFilter, withSubProject: boolean): RawBuilder<boolean> {
  const parts = [sql`date >= ${filter.start}::date`, sql`date <= ${filter.end}::date`];
  if (filter.projectIds !== null) parts.push(sql`project_id = any(${[...filter.projectIds]}::int[])`);
  if (filter.employeeIds !== null) parts.push(sql`employee_id = any(${[...filter.employeeIds]}::int[])`);
  if (withSubProject && filter.subProjectId !== null)
    parts.push(sql`sub_project_id = ${filter.subProjectId}`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** One grouped row (the state counts of `stateCountColumns` plus its sums) as a summary. */
export function groupSummaryOf(
  row: StateCountRow & {
    employee_id: number;
    project_id: number;
    sub_project_id: number | null;
    hours: string;
    overtime_hours: string;
    amount: string;
  },
): ReviewGroupSummary {
  return {
    employeeId: row.employee_id,
    projectId: row.project_id,
    subProjectId: row.sub_project_id,
    counts: stateCountsOf(row),
    hours: row.hours,
    overtimeHours: row.overtime_hours,
    amount: row.amount,
  };
}
