import { QueryHandler } from '@nestjs/cqrs';
import type { BusinessMonth } from '@portal/contracts';
import { sql } from 'kysely';
import { analyticsDates, matchesNothing, type AnalyticsFilter } from '../../../kernel/analytics-filter';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/** The rows an analytics view covers (see AnalyticsFilter); project ids are effective ones. */
export type AnalyticsTimeFilter = AnalyticsFilter;

/** Hours of one person on one project in one month, decimal strings summed as numeric. */
export interface AnalyticsTimeRow {
  readonly employeeId: number;
  readonly employeeName: string;
  /** The sub-project for time on umbrella project 45 with one, else the project. */
  readonly projectId: number;
  readonly projectName: string;
  readonly month: BusinessMonth;
  readonly hours: string;
  /** null when no entry of the group has overtime. */
  readonly overtimeHours: string | null;
}

/** The analytics views' time, by person, effective project and month (admins). */
@Requires('admin')
export class SumTimeForAnalytics extends PortalQuery<AnalyticsTimeRow[]> {
  constructor(
    principal: Principal,
    readonly filter: AnalyticsTimeFilter,
  ) {
    super(principal);
  }
}

@QueryHandler(SumTimeForAnalytics)
export class SumTimeForAnalyticsHandler extends PortalQueryHandler<SumTimeForAnalytics> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ filter }: SumTimeForAnalytics): Promise<AnalyticsTimeRow[]> {
    if (matchesNothing(filter)) return [];
    const { first, last } = analyticsDates(filter);
    const effective = sql<number>`coalesce(sub_project_id, project_id)`;
    let query = timesheetsReadModel(this.db)
      .selectFrom('entries')
      .where('date', '>=', first)
      .where('date', '<=', last);
    if (filter.employeeIds) query = query.where('employee_id', 'in', [...filter.employeeIds]);
    if (filter.projectIds) query = query.where(effective, 'in', [...filter.projectIds]);
    const rows = await query
      .select([
        'employee_id',
        sql<string>`min(employee_name)`.as('employee_name'),
        effective.as('project_id'),
        sql<string>`min(coalesce(sub_project_name, project_name))`.as('project_name'),
        'month',
        sql<string>`sum(hours)::text`.as('hours'),
        sql<string | null>`sum(overtime_hours)::text`.as('overtime_hours'),
      ])
      .groupBy(['employee_id', effective, 'month'])
      .orderBy('employee_id')
      .orderBy('month')
      .execute();
    return rows.map((r) => ({
      employeeId: r.employee_id,
      employeeName: r.employee_name,
      projectId: Number(r.project_id),
      projectName: r.project_name,
      month: r.month,
      hours: r.hours,
      overtimeHours: r.overtime_hours,
    }));
  }
}
