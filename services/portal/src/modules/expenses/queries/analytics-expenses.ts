import { QueryHandler } from '@nestjs/cqrs';
import type { BusinessMonth } from '@portal/contracts';
import { sql } from 'kysely';
import { analyticsDates, matchesNothing, type AnalyticsFilter } from '../../../kernel/analytics-filter';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { expensesReadModel } from '../projections/expenses-tables';

/** The expenses an analytics view covers (see AnalyticsFilter). */
export type AnalyticsExpenseFilter = AnalyticsFilter;

/** The amounts claimed in one receipt currency, by person, project, category and month. */
export interface AnalyticsExpenseRow {
  readonly employeeId: number;
  readonly projectId: number;
  readonly projectName: string;
  readonly categoryId: number;
  readonly categoryName: string;
  readonly currency: string;
  readonly month: BusinessMonth;
  /** The receipts' amounts summed as numeric (a decimal string). */
  readonly amount: string;
  readonly count: number;
}

/** The analytics views' expenses (admins). */
@Requires('admin')
export class SumExpensesForAnalytics extends PortalQuery<AnalyticsExpenseRow[]> {
  constructor(
    principal: Principal,
    readonly filter: AnalyticsExpenseFilter,
  ) {
    super(principal);
  }
}

@QueryHandler(SumExpensesForAnalytics)
export class SumExpensesForAnalyticsHandler extends PortalQueryHandler<SumExpensesForAnalytics> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ filter }: SumExpensesForAnalytics): Promise<AnalyticsExpenseRow[]> {
    if (matchesNothing(filter)) return [];
    const { first, last } = analyticsDates(filter);
    let query = expensesReadModel(this.db)
      .selectFrom('expenses')
      .where('date', '>=', first)
      .where('date', '<=', last);
    if (filter.employeeIds) query = query.where('employee_id', 'in', [...filter.employeeIds]);
    if (filter.projectIds) query = query.where('project_id', 'in', [...filter.projectIds]);
    const rows = await query
      .select([
        'employee_id',
        'project_id',
        sql<string>`min(project_name)`.as('project_name'),
        'category_id',
        sql<string>`min(category_name)`.as('category_name'),
        'currency',
        'month',
        sql<string>`sum(amount)::text`.as('amount'),
        sql<string>`count(*)::text`.as('count'),
      ])
      .groupBy(['employee_id', 'project_id', 'category_id', 'currency', 'month'])
      .orderBy('month')
      .execute();
    return rows.map((r) => ({
      employeeId: r.employee_id,
      projectId: r.project_id,
      projectName: r.project_name,
      categoryId: r.category_id,
      categoryName: r.category_name,
      currency: r.currency,
      month: r.month,
      amount: r.amount,
      count: Number(r.count),
    }));
  }
}
