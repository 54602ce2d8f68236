import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  addDays,
  copyWeekMessages as msg,
  mondayOfWeek,
  timesheetWindow,
  type BusinessDate,
  type CopyWeekProposal,
  type CopyWeekQuery,
  type LeaveDay,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { Principal } from '../../../platform/auth/principal';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { ListLeaveDaysQuery } from '../../leave';
import { holidaysWithin, leaveDaysOff, planCopyOfWeek, weekOf, type WeekEntry } from '../domain/copy-week';
import { entryTextColumns } from '../projections/timesheets.projection';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/**
 * GET /api/timesheets/copy-last-week: the signed-in person's own entries of the week before
 * `week`, laid onto `week` for review (nothing is saved). Only the asker's own rows are read: the
 * query names no person, so no one reads another's week.
 */
export class CopyLastWeek extends SignedInQuery<CopyWeekProposal> {
  constructor(
    principal: Principal,
    readonly query: CopyWeekQuery,
  ) {
    super(principal);
  }
}

@QueryHandler(CopyLastWeek)
export class CopyLastWeekHandler extends PortalQueryHandler<CopyLastWeek> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly calendar: BusinessCalendar,
    private readonly queries: QueryBus,
  ) {
    super();
  }

  protected async handle({ principal, query }: CopyLastWeek): Promise<CopyWeekProposal> {
    const today = await this.calendar.todayFor(principal);
    const monday = query.week ?? mondayOfWeek(today);
    // The week filled must start inside the days a person may enter (two months back to two ahead).
    const window = timesheetWindow(today);
    const latest = mondayOfWeek(window.last);
    if (monday < window.first || monday > latest)
      throw DomainError.validation([{ path: 'week', message: msg.weekOutsideWindow(window.first, latest) }]);

    const week = weekOf(monday);
    const [lastWeek, thisWeek, leave] = await Promise.all([
      this.entries(principal.staffId, addDays(monday, -7), addDays(monday, -1)),
      this.entries(principal.staffId, week.first, week.last),
      this.queries.execute<ListLeaveDaysQuery, LeaveDay[]>(
        new ListLeaveDaysQuery(principal, { start: week.first, end: week.last }),
      ),
    ]);
    const daysOff = [...holidaysWithin(week), ...leaveDaysOff(leave)];
    return planCopyOfWeek({ week: monday, lastWeek, thisWeek, daysOff });
  }

  private async entries(employeeId: number, first: BusinessDate, last: BusinessDate): Promise<WeekEntry[]> {
    const rows = await timesheetsReadModel(this.db)
      .selectFrom('entries')
      .select(['project_id', 'project_name', 'sub_project_id', 'sub_project_name', 'comment', 'entry_id'])
      .select(entryTextColumns())
      .where('employee_id', '=', employeeId)
      .where('date', '>=', first)
      .where('date', '<=', last)
      .orderBy('date')
      .orderBy('project_name')
      .orderBy('entry_id')
      .execute();
    return rows.map((r) => ({
      date: r.date_text,
      projectId: r.project_id,
      projectName: r.project_name,
      subProjectId: r.sub_project_id,
      subProjectName: r.sub_project_name,
      hours: r.hours_text,
      overtimeHours: r.overtime_text,
      comment: r.comment,
    }));
  }
}
