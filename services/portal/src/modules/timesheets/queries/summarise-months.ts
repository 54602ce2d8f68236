import { QueryHandler } from '@nestjs/cqrs';
import type { LedgerMonthsSummary } from '@portal/contracts';
import { sql } from 'kysely';
import { PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { cellSummaryOf, LedgerMonthsQuery, stateCountColumns } from '../../lookups';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/**
 * Time entries summed per person, project and month by state (with how many were entered or
 * changed late), and the days each person entered time on.
 */
export class SummariseTimesheetMonths extends LedgerMonthsQuery {}

@QueryHandler(SummariseTimesheetMonths)
export class SummariseTimesheetMonthsHandler extends PortalQueryHandler<SummariseTimesheetMonths> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle(query: SummariseTimesheetMonths): Promise<LedgerMonthsSummary> {
    if (query.employeeIds?.length === 0) return { cells: [], daysEntered: [] };
    let inRange = timesheetsReadModel(this.db)
      .selectFrom('entries')
      .where('date', '>=', query.start)
      .where('date', '<=', query.end);
    if (query.employeeIds !== null) inRange = inRange.where('employee_id', 'in', [...query.employeeIds]);
    const [cells, days] = await Promise.all([
      inRange
        .select([
          'employee_id',
          'project_id',
          'month',
          ...stateCountColumns(),
          sql<string>`sum(hours)::text`.as('hours'),
          sql<string>`sum(value)::text`.as('amount'),
          sql<number>`count(*) filter (where late_entry)::int`.as('late_entries'),
        ])
        .groupBy(['employee_id', 'project_id', 'month'])
        .execute(),
      inRange
        .select([
          'employee_id',
          'month',
          sql<string[]>`array_agg(distinct to_char(date, 'YYYY-MM-DD'))`.as('days'),
        ])
        .groupBy(['employee_id', 'month'])
        .execute(),
    ]);
    return {
      cells: cells.map(cellSummaryOf),
      daysEntered: days.map((d) => ({ employeeId: d.employee_id, month: d.month, days: d.days })),
    };
  }
}
