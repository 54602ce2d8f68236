import { normaliseDecimal, type BusinessDate } from '@portal/contracts';
import type { Database } from '../../../platform/database/database';
import { entryTextColumns } from '../projections/timesheets.projection';
import { timesheetsReadModel } from '../projections/timesheets-tables';

export interface TimesheetExportFilter {
  readonly employeeId: number;
  readonly projectId: number;
  readonly start: BusinessDate;
  readonly end: BusinessDate;
}

/** One saved entry as the file shows it (decimals as exact strings). */
export interface TimesheetExportRow {
  readonly date: BusinessDate;
  readonly subProjectName: string | null;
  /** The activity comment (the portal's one text per entry). */
  readonly activity: string;
  readonly hours: string;
  readonly overtimeHours: string | null;
  /** hours x 200 truncated to 2 decimals, as stored. */
  readonly value: string;
}

/**
 * One person's entries on one project dated in [start, end], by date then comment. A person's
 * time on one project is a few rows a day, so the whole selection is read at once (a year is a
 * few thousand rows at most) and every refusal is answered before the file starts.
 */
export async function timesheetExportRows(
  db: Database,
  filter: TimesheetExportFilter,
): Promise<TimesheetExportRow[]> {
  const found = await timesheetsReadModel(db)
    .selectFrom('entries')
    .select(['sub_project_name', 'comment', ...entryTextColumns()])
    .where('employee_id', '=', filter.employeeId)
    .where('project_id', '=', filter.projectId)
    .where('date', '>=', filter.start)
    .where('date', '<=', filter.end)
    .orderBy('date')
    .orderBy('comment')
    .orderBy('entry_id')
    .execute();
  return found.map((r) => ({
    date: r.date_text,
    subProjectName: r.sub_project_name,
    activity: r.comment,
    hours: normaliseDecimal(r.hours_text),
    overtimeHours: r.overtime_text === null ? null : normaliseDecimal(r.overtime_text),
    value: r.value_text,
  }));
}
