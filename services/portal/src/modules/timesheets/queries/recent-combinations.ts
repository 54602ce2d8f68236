import { QueryHandler } from '@nestjs/cqrs';
import {
  addDays,
  RECENT_COMBINATIONS_DAYS,
  RECENT_COMBINATIONS_MAX,
  type RecentCombination,
} from '@portal/contracts';
import { sql } from 'kysely';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/**
 * GET /api/timesheets/recent: the signed-in person's own recent combinations of project,
 * sub-project and activity comment, the most recently entered first, each once. Only the asker's
 * own rows are read.
 */
export class RecentTimesheetCombinations extends SignedInQuery<RecentCombination[]> {}

@QueryHandler(RecentTimesheetCombinations)
export class RecentTimesheetCombinationsHandler extends PortalQueryHandler<RecentTimesheetCombinations> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async handle({ principal }: RecentTimesheetCombinations): Promise<RecentCombination[]> {
    const today = await this.calendar.todayFor(principal);
    const rows = await timesheetsReadModel(this.db)
      .selectFrom('entries')
      .select([
        'project_id',
        'sub_project_id',
        'comment',
        sql<string>`max(project_name)`.as('project_name'),
        sql<string | null>`max(sub_project_name)`.as('sub_project_name'),
        sql<string>`to_char(max(date), 'YYYY-MM-DD')`.as('last_date'),
        sql<Date>`max(changed_at)`.as('latest_change'),
      ])
      .where('employee_id', '=', principal.staffId)
      .where('date', '>=', addDays(today, -RECENT_COMBINATIONS_DAYS))
      .where('date', '<=', today)
      .groupBy(['project_id', 'sub_project_id', 'comment'])
      .orderBy('last_date', 'desc')
      .orderBy('latest_change', 'desc')
      .orderBy('comment')
      .limit(RECENT_COMBINATIONS_MAX)
      .execute();
    return rows.map((r) => ({
      projectId: r.project_id,
      projectName: r.project_name,
      subProjectId: r.sub_project_id,
      subProjectName: r.sub_project_name,
      activity: r.comment,
      lastDate: r.last_date,
    }));
  }
}
