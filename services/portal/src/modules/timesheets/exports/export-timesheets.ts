import { QueryHandler } from '@nestjs/cqrs';
import {
  exportPeriodPart,
  needsSubProject,
  periodMatching,
  timesheetExportFileName,
  type TimesheetExportQuery,
} from '@portal/contracts';
import type { Readable } from 'node:stream';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { streamedDownload } from '../../../platform/files/streamed-download';
import { TimesheetExportScope } from './export-scope';
import { timesheetExportRows } from './timesheet-export-rows';
import { timesheetSheetLines, writeTimesheetWorkbook } from './timesheet-workbook';

export interface TimesheetFile {
  readonly fileName: string;
  readonly content: Readable;
}

/** Download Timesheet: one person's time on one project in a range, as an .xlsx of the chosen type. */
export class ExportTimesheets extends PortalQuery<TimesheetFile> {
  constructor(
    principal: Principal,
    readonly filter: TimesheetExportQuery,
  ) {
    super(principal);
  }
}

/**
 * GET /api/timesheets/export. Who may ask for whose time and which project: TimesheetExportScope.
 * Every refusal is answered before the file starts streaming.
 */
@QueryHandler(ExportTimesheets)
export class ExportTimesheetsHandler extends PortalQueryHandler<ExportTimesheets> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly scope: TimesheetExportScope,
  ) {
    super();
  }

  protected async handle({ principal, filter }: ExportTimesheets): Promise<TimesheetFile> {
    const person = principal!;
    const employee = await this.scope.employeeOf(person, filter.employeeId);
    const project = await this.scope.projectOf(person, filter.projectId, filter.type);
    const rows = await timesheetExportRows(this.db, {
      employeeId: employee.staffId,
      projectId: project.projectId,
      start: filter.start,
      end: filter.end,
    });
    const employeeName = employee.name;
    const period = periodMatching(project.billingCycle, filter.start, filter.end);
    const lines = timesheetSheetLines(
      {
        person: employeeName,
        project: project.name,
        period: period?.label ?? `${filter.start} to ${filter.end}`,
        start: filter.start,
        end: filter.end,
        cycle: project.billingCycle,
        type: filter.type,
      },
      rows,
      needsSubProject(project.projectId),
    );
    const content = streamedDownload('TimesheetExport', 'Timesheet export', (out) =>
      writeTimesheetWorkbook(lines, out),
    );
    const fileName = timesheetExportFileName(
      employeeName,
      project.name,
      exportPeriodPart(project.billingCycle, filter.start, filter.end),
    );
    return { fileName, content };
  }
}
