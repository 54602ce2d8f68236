import { QueryHandler } from '@nestjs/cqrs';
import { monthOf, type LedgerMonthsSummary } from '@portal/contracts';
import { sql } from 'kysely';
import { PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { cellSummaryOf, LedgerMonthsQuery, stateCountColumns } from '../../lookups';
import { expensesReadModel } from '../projections/expenses.projection';

/** Expenses summed per person, project and month by state (amount: the claimed total). */
export class SummariseExpenseMonths extends LedgerMonthsQuery {}

@QueryHandler(SummariseExpenseMonths)
export class SummariseExpenseMonthsHandler extends PortalQueryHandler<SummariseExpenseMonths> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle(query: SummariseExpenseMonths): Promise<LedgerMonthsSummary> {
    if (query.employeeIds?.length === 0) return { cells: [], daysEntered: [] };
    let inRange = expensesReadModel(this.db)
      .selectFrom('expenses')
      .where('date', '>=', query.start)
      .where('date', '<=', query.end)
      // The same rows; the months let the range use `expenses_by_month_project` (else a full scan).
      .where('month', '>=', monthOf(query.start))
      .where('month', '<=', monthOf(query.end));
    if (query.employeeIds !== null) inRange = inRange.where('employee_id', 'in', [...query.employeeIds]);
    const cells = await inRange
      .select([
        'employee_id',
        'project_id',
        'month',
        ...stateCountColumns(),
        sql<string>`'0'`.as('hours'),
        sql<string>`sum(claimed)::text`.as('amount'),
      ])
      .groupBy(['employee_id', 'project_id', 'month'])
      .execute();
    return { cells: cells.map(cellSummaryOf), daysEntered: [] };
  }
}
