import { QueryHandler } from '@nestjs/cqrs';
import type { LedgerMonthsSummary } from '@portal/contracts';
import { sql } from 'kysely';
import { PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { cellSummaryOf, LedgerMonthsQuery, monthCellsOf } from '../../lookups';
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
    // By month too: the range then uses `expenses_by_month_project` (else a full scan).
    const cells = await monthCellsOf(expensesReadModel(this.db).selectFrom('expenses'), query, true, [
      sql<string>`'0'`.as('hours'),
      sql<string>`sum(claimed)::text`.as('amount'),
    ]);
    return { cells: cells.map(cellSummaryOf), daysEntered: [] };
  }
}
