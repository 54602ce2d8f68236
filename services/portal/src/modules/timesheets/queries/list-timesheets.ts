import { Injectable } from '@nestjs/common';
import {
  overtimeAllowed,
  sumDecimals,
  sumMoney,
  type TimesheetList,
  type TimesheetListQuery,
  type TimesheetRow,
} from '@portal/contracts';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { readModel } from '../../../platform/projection/projection';
import { ProjectDirectory } from '../../catalog/queries/project-directory';
import { RosterQueries } from '../../roster/queries/roster-queries';
import { verifiedAtText } from '../../lookups/name-lookups';
import { entryTextColumns, TIMESHEETS_READ_MODEL } from '../projections/timesheets.projection';

/**
 * The saved-timesheets table of the signed-in person: rows in the date range (and project), sorted
 * by date or activity (the comment), with totals. Totals are exact: hours and overtime summed as
 * decimals, value = the sum of the rows' values (each hours x 200 truncated to 2 decimals), so the
 * total always equals what the rows add up to.
 */
@Injectable()
export class ListTimesheetsQuery {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly roster: RosterQueries,
    private readonly projects: ProjectDirectory,
  ) {}

  async execute(employeeId: number, query: TimesheetListQuery): Promise<TimesheetList> {
    let select = readModel(this.db, TIMESHEETS_READ_MODEL)
      .selectFrom('entries')
      .select([
        'entry_id',
        'project_id',
        'project_name',
        'sub_project_id',
        'sub_project_name',
        'comment',
        'version',
        'is_approved',
        'verified_at',
        ...entryTextColumns(),
      ])
      .where('employee_id', '=', employeeId)
      .where('date', '>=', query.start)
      .where('date', '<=', query.end);
    if (query.projectId !== null) select = select.where('project_id', '=', query.projectId);
    select =
      query.sortBy === 'activity'
        ? select.orderBy('comment', query.direction).orderBy('date', query.direction)
        : select.orderBy('date', query.direction).orderBy('comment', query.direction);
    const found = await select.orderBy('entry_id').execute();

    const rows: TimesheetRow[] = found.map((r) => ({
      id: String(r.entry_id),
      date: String(r.date_text),
      projectId: Number(r.project_id),
      projectName: String(r.project_name),
      subProjectId: r.sub_project_id === null ? null : Number(r.sub_project_id),
      subProjectName: r.sub_project_name === null ? null : String(r.sub_project_name),
      activity: String(r.comment),
      hours: String(r.hours_text),
      overtimeHours: r.overtime_text === null ? null : String(r.overtime_text),
      comment: String(r.comment),
      value: String(r.value_text),
      isApproved: Boolean(r.is_approved),
      verifiedAt: verifiedAtText(r.verified_at),
      version: Number(r.version),
    }));
    return {
      rows,
      totals: {
        hours: sumDecimals(rows.map((r) => r.hours)),
        overtimeHours: sumDecimals(rows.flatMap((r) => (r.overtimeHours === null ? [] : [r.overtimeHours]))),
        value: sumMoney(rows.map((r) => r.value)),
      },
      showOvertime: await this.showOvertime(employeeId),
    };
  }

  /** Overtime columns show when any active project the person may bill has overtime. */
  private async showOvertime(employeeId: number): Promise<boolean> {
    const projectIds = await this.roster.billableProjectIds(employeeId);
    if (projectIds.length === 0) return false;
    const active = await this.projects.listActive({ projectIds });
    return active.some((p) => overtimeAllowed(p, null));
  }
}
