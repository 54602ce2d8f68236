import { QueryHandler } from '@nestjs/cqrs';
import { endOfMonth, type BusinessMonth } from '@portal/contracts';
import { sql } from 'kysely';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import type { ReplayedReadModels } from '../../../platform/projection/as-of-replay';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/** Hours one person recorded on one project in one month: regular plus overtime, a decimal string. */
export interface ProjectMonthHours {
  readonly employeeId: number;
  readonly month: BusinessMonth;
  readonly hours: string;
}

/**
 * The hours the people asked recorded on one project (as its project, or as the sub-project of
 * time on umbrella project 45), by person and month, over the months
 * `from`..`to` (admins; the planned-hours grid's plan against actual). Exact: summed as numeric
 * in PostgreSQL. Read by person (index entries_by_employee_date): a project's roster is a small
 * part of the firm, and a date range alone would read every entry of the firm in those months.
 */
@Requires('admin-or-auditor')
export class SumProjectHoursByMonth extends PortalQuery<ProjectMonthHours[]> {
  constructor(
    principal: Principal,
    readonly projectId: number,
    readonly from: BusinessMonth,
    readonly to: BusinessMonth,
    readonly employeeIds: readonly number[],
    /** The read model as it stood at a past instant (planned hours "as of"); null: the live one. */
    readonly replayed: ReplayedReadModels | null = null,
  ) {
    super(principal);
  }
}

@QueryHandler(SumProjectHoursByMonth)
export class SumProjectHoursByMonthHandler extends PortalQueryHandler<SumProjectHoursByMonth> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({
    projectId,
    from,
    to,
    employeeIds,
    replayed,
  }: SumProjectHoursByMonth): Promise<ProjectMonthHours[]> {
    if (employeeIds.length === 0) return [];
    const rows = await timesheetsReadModel(this.db, replayed)
      .selectFrom('entries')
      .where('employee_id', 'in', [...employeeIds])
      // Time on umbrella project 45 for a sub-project counts for both
      // (docs/decisions/0163-sub-project-time-counts-for-the-sub-project.md).
      .where((eb) => eb.or([eb('project_id', '=', projectId), eb('sub_project_id', '=', projectId)]))
      .where('date', '>=', `${from}-01`)
      .where('date', '<=', endOfMonth(`${to}-01`))
      .select([
        'employee_id',
        'month',
        sql<string>`(sum(hours) + coalesce(sum(overtime_hours), 0))::text`.as('hours'),
      ])
      .groupBy(['employee_id', 'month'])
      .execute();
    return rows.map((r) => ({ employeeId: r.employee_id, month: r.month, hours: r.hours }));
  }
}
