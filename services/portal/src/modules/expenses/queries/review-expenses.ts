import { QueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import {
  groupSummaryOf,
  ReviewExpenseRowsQuery,
  reviewFilterSql,
  ReviewSummaryQuery,
  rowReviewOf,
  stateCountColumns,
  type ReviewExpenseRowData,
  type ReviewGroupSummary,
} from '../../lookups';
import { expensesReadModel } from '../projections/expenses.projection';
import { EXPENSE_ROW_COLUMNS, expenseFieldsOf, expenseTextColumns } from './list-expenses';

/** The admin review's expenses, summed per person and project over the whole filter. */
export class SummariseReviewExpenses extends ReviewSummaryQuery {}

/** The admin review's expense rows of one page's people. */
export class ListReviewExpenses extends ReviewExpenseRowsQuery {}

@QueryHandler(SummariseReviewExpenses)
export class SummariseReviewExpensesHandler extends PortalQueryHandler<SummariseReviewExpenses> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ filter, replayed }: SummariseReviewExpenses): Promise<ReviewGroupSummary[]> {
    if (filter.projectIds?.length === 0 || filter.employeeIds?.length === 0) return [];
    const groups = await expensesReadModel(this.db, replayed)
      .selectFrom('expenses')
      .select([
        'employee_id',
        'project_id',
        sql<null>`null::int`.as('sub_project_id'),
        ...stateCountColumns(),
        sql<string>`'0'`.as('hours'),
        sql<string>`'0'`.as('overtime_hours'),
        sql<string>`sum(claimed)::text`.as('amount'),
      ])
      .where(reviewFilterSql(filter, false))
      .groupBy(['employee_id', 'project_id'])
      .execute();
    return groups.map(groupSummaryOf);
  }
}

@QueryHandler(ListReviewExpenses)
export class ListReviewExpensesHandler extends PortalQueryHandler<ListReviewExpenses> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ filter, replayed }: ListReviewExpenses): Promise<ReviewExpenseRowData[]> {
    if (filter.projectIds?.length === 0 || filter.employeeIds?.length === 0) return [];
    const found = await expensesReadModel(this.db, replayed)
      .selectFrom('expenses')
      .select([...EXPENSE_ROW_COLUMNS, 'employee_id', 'employee_name', ...expenseTextColumns()])
      .where(reviewFilterSql(filter, false))
      .orderBy('employee_id')
      .orderBy('date')
      .orderBy('category_name')
      .orderBy('expense_id')
      .execute();
    return found.map((r) => {
      const { state, returnReason } = rowReviewOf(r);
      return {
        id: r.expense_id,
        employeeId: r.employee_id,
        employeeName: r.employee_name,
        ...expenseFieldsOf(r),
        state,
        returnReason,
        version: r.version,
      };
    });
  }
}
