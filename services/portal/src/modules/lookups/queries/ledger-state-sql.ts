import {
  monthOf,
  type LedgerCellSummary,
  type LedgerMonthsSummary,
  type StateCounts,
} from '@portal/contracts';
import { sql, type AliasedRawBuilder, type SelectQueryBuilder } from 'kysely';
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

/** A project's billing period a months query also groups by (its key names the cells' `period`). */
export interface AskedPeriod {
  readonly projectId: number;
  readonly key: string;
  readonly start: string;
  readonly end: string;
}

/**
 * A read model's rows of some dates summed per person, project and month, by state: what the
 * period board asks the timesheets and the expenses context. The caller decides whose rows may be
 * shown; `employeeIds` null means everyone's. With `periods` (a project's periods must not share
 * a day), each month's cell is also split by the asked period holding its days, so the board sums
 * a project's billing period exactly: a period spanning two months comes as two parts.
 */
export abstract class LedgerMonthsQuery extends PortalQuery<LedgerMonthsSummary> {
  constructor(
    principal: Principal,
    readonly start: string,
    readonly end: string,
    readonly employeeIds: readonly number[] | null,
    readonly periods: readonly AskedPeriod[] = [],
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
    period_key: string | null;
    return_reason: string | null;
    returned_at_text: string | null;
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
    period: row.period_key,
    counts: stateCountsOf(row),
    hours: row.hours,
    amount: row.amount,
    lateEntries: row.late_entries ?? 0,
    returnReason: row.return_reason,
    returnedAt: row.returned_at_text,
  };
}

/** A month cell's group and counts as `cellSummaryOf` reads them. */
type MonthCellRow = Omit<Parameters<typeof cellSummaryOf>[0], 'hours' | 'amount' | 'late_entries'>;

/** The row a list of aliased sums adds: each alias with its type. */
type SumsRow<S extends AliasedRawBuilder<unknown, string>> = {
  [A in S as A extends AliasedRawBuilder<unknown, infer N> ? N : never]: A extends AliasedRawBuilder<
    infer T,
    string
  >
    ? T
    : never;
};

/**
 * The grouped statement both read models answer a months query with: the rows of `from` (a table
 * with `employee_id`, `project_id`, `date` and `month`) in the query's dates and people, per
 * person, project, month and asked period (`period_key`, null outside them), with the state
 * counts, when the latest return was made, and the caller's `sums` (`hours` and `amount` at
 * least). `byMonth` adds the months of the dates to the range: the same rows, but a range on
 * `month` lets an index by month serve it. The asked periods are joined as one small relation
 * (`unnest` of their columns), matched on the project and the day.
 */
export async function monthCellsOf<DB, TB extends keyof DB, S extends AliasedRawBuilder<unknown, string>>(
  from: SelectQueryBuilder<DB, TB, object>,
  query: LedgerMonthsQuery,
  byMonth: boolean,
  sums: readonly S[],
): Promise<(MonthCellRow & SumsRow<S>)[]> {
  const parts = [sql`date >= ${query.start}::date`, sql`date <= ${query.end}::date`];
  if (byMonth) parts.push(sql`month >= ${monthOf(query.start)}`, sql`month <= ${monthOf(query.end)}`);
  if (query.employeeIds !== null) parts.push(sql`employee_id = any(${[...query.employeeIds]}::int[])`);
  const periods = query.periods;
  const grouped = (
    periods.length === 0
      ? from
      : from.leftJoin(askedPeriods(periods), (join) =>
          join.on(
            sql<boolean>`asked.period_project = project_id and date between asked.period_first and asked.period_last`,
          ),
        )
  ) as SelectQueryBuilder<DB, TB, object>;
  const rows: unknown[] = await grouped
    .where(sql<boolean>`${sql.join(parts, sql` and `)}`)
    .select([
      sql`employee_id`.as('employee_id'),
      sql`project_id`.as('project_id'),
      sql`month`.as('month'),
      (periods.length === 0 ? sql`null::text` : sql`asked.period_key`).as('period_key'),
    ])
    .select([...stateCountColumns(), RETURNED_AT, ...sums])
    .groupBy(sql`employee_id, project_id, month, period_key`)
    .execute();
  // Raw columns over a table Kysely knows only generically: the row type is the one written above.
  return rows as (MonthCellRow & SumsRow<S>)[];
}

/** When the latest return among the group's returned rows was made: ISO-8601 in UTC, comparable as text. */
const RETURNED_AT = sql<string | null>`to_char(
    max(returned_at) filter (where not is_approved and return_reason is not null) at time zone 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('returned_at_text');

/** The asked periods as a relation `asked(period_project, period_key, period_first, period_last)`. */
function askedPeriods(periods: readonly AskedPeriod[]) {
  const column = <T>(of: (p: AskedPeriod) => T) => periods.map(of);
  return sql`(select * from unnest(${column((p) => p.projectId)}::int[], ${column((p) => p.key)}::text[],
      ${column((p) => p.start)}::date[], ${column((p) => p.end)}::date[])
      as periods(period_project, period_key, period_first, period_last))`.as('asked');
}
