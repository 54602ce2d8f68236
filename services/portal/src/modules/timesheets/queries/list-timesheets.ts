import { QueryHandler } from '@nestjs/cqrs';
import {
  needsSubProject,
  overtimeAllowed,
  sumDecimals,
  sumMoney,
  type TimesheetList,
  type TimesheetListQuery,
  type TimesheetRow,
} from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { ProjectDirectory } from '../../catalog';
import { rowReviewOf } from '../../lookups';
import { RosterQueries } from '../../roster';
import { entryTextColumns } from '../projections/timesheets.projection';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/** The columns of an entry row that the person's list and the admin's review both answer. */
export const ENTRY_ROW_COLUMNS = [
  'entry_id',
  'project_id',
  'project_name',
  'sub_project_id',
  'sub_project_name',
  'comment',
  'version',
  'is_approved',
  'verified_at',
  'return_reason',
] as const;

/** An entry row's fields as the person's list and the admin's review both answer them (id and review apart). */
export function entryFieldsOf(r: {
  date_text: string;
  project_id: number;
  project_name: string;
  sub_project_id: number | null;
  sub_project_name: string | null;
  comment: string;
  hours_text: string;
  overtime_text: string | null;
  value_text: string;
}) {
  return {
    date: r.date_text,
    projectId: r.project_id,
    projectName: r.project_name,
    subProjectId: r.sub_project_id,
    subProjectName: r.sub_project_name,
    activity: r.comment,
    hours: r.hours_text,
    overtimeHours: r.overtime_text,
    comment: r.comment,
    value: r.value_text,
  };
}

/** The signed-in person's saved timesheets in a date range (and project). */
export class ListTimesheets extends PortalQuery<TimesheetList> {
  constructor(
    principal: Principal,
    readonly filter: TimesheetListQuery,
  ) {
    super(principal);
  }
}

/**
 * Rows in the date range (and project), sorted by date or activity (the comment), with totals.
 * Totals are exact: hours and overtime summed as decimals, value = the sum of the rows' values
 * (each hours x 200 truncated to 2 decimals), so the total always equals what the rows add up to.
 */
@QueryHandler(ListTimesheets)
export class ListTimesheetsHandler extends PortalQueryHandler<ListTimesheets> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly roster: RosterQueries,
    private readonly projects: ProjectDirectory,
  ) {
    super();
  }

  protected async handle(query: ListTimesheets): Promise<TimesheetList> {
    const employeeId = query.principal!.staffId;
    const filter = query.filter;
    let select = timesheetsReadModel(this.db)
      .selectFrom('entries')
      .select([...ENTRY_ROW_COLUMNS, ...entryTextColumns()])
      .where('employee_id', '=', employeeId)
      .where('date', '>=', filter.start)
      .where('date', '<=', filter.end);
    if (filter.projectId !== null) select = select.where('project_id', '=', filter.projectId);
    select =
      filter.sortBy === 'activity'
        ? select.orderBy('comment', filter.direction).orderBy('date', filter.direction)
        : select.orderBy('date', filter.direction).orderBy('comment', filter.direction);
    const found = await select.orderBy('entry_id').execute();

    const rows: TimesheetRow[] = found.map((r) => ({
      id: r.entry_id,
      ...entryFieldsOf(r),
      ...rowReviewOf(r),
      version: r.version,
    }));
    return {
      rows,
      totals: {
        hours: sumDecimals(rows.map((r) => r.hours)),
        overtimeHours: sumDecimals(rows.flatMap((r) => (r.overtimeHours === null ? [] : [r.overtimeHours]))),
        value: sumMoney(rows.map((r) => r.value)),
      },
      showOvertime: rows.some((r) => r.overtimeHours !== null) || (await this.mayEnterOvertime(employeeId)),
    };
  }

  /**
   * Overtime columns show when the person may enter overtime: an active project they may bill
   * has overtime, or they may bill the umbrella project 45 and an active sub-project of it has
   * overtime (61, 64, owner 2). Rows that carry overtime show it in any case.
   */
  private async mayEnterOvertime(employeeId: number): Promise<boolean> {
    const projectIds = await this.roster.billableProjectIds(employeeId);
    if (projectIds.length === 0) return false;
    const active = await this.projects.listActive({ projectIds });
    if (active.some((p) => overtimeAllowed(p, null))) return true;
    const umbrella = active.find((p) => needsSubProject(p.projectId));
    if (!umbrella) return false;
    return (await this.projects.listSubProjects()).some((sub) => overtimeAllowed(umbrella, sub));
  }
}
