import { Logger } from '@nestjs/common';
import { QueryHandler } from '@nestjs/cqrs';
import {
  exportPeriodPart,
  isOvertimeDownloadType,
  needsSubProject,
  overtimeAppliesToDownload,
  periodMatching,
  periodMessages,
  timesheetExportFileName,
  timesheetExportMessages as msg,
  timesheetMessages,
  type TimesheetExportQuery,
} from '@portal/contracts';
import { PassThrough, type Readable } from 'node:stream';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { ProjectDirectory, type ProjectView } from '../../catalog';
import { StaffQueries } from '../../staff';
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
 * GET /api/timesheets/export. Whose time: one's own; an admin may name anyone in their scope
 * (a sightstream admin: owner-2 people; anyone else answers 404 'Person not found.'); a
 * non-admin naming someone else gets 403. The project must exist in the asker's owner scope
 * (else the unknown-project 400), and the OT types need a project where overtime applies. Every
 * refusal is answered before the file starts streaming.
 */
@QueryHandler(ExportTimesheets)
export class ExportTimesheetsHandler extends PortalQueryHandler<ExportTimesheets> {
  private readonly logger = new Logger('TimesheetExport');

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly staff: StaffQueries,
    private readonly projects: ProjectDirectory,
  ) {
    super();
  }

  protected async handle({ principal, filter }: ExportTimesheets): Promise<TimesheetFile> {
    const person = principal!;
    const employee = await this.employeeOf(person, filter.employeeId);
    const project = await this.projectOf(person, filter);
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
    const content = new PassThrough();
    writeTimesheetWorkbook(lines, content).catch((error: unknown) => {
      this.logger.error(`Timesheet export failed: ${error instanceof Error ? error.message : String(error)}`);
      content.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const fileName = timesheetExportFileName(
      employeeName,
      project.name,
      exportPeriodPart(project.billingCycle, filter.start, filter.end),
    );
    return { fileName, content };
  }

  /** The person whose time is asked for: oneself, or (admins) someone known and in their scope. */
  private async employeeOf(
    person: Principal,
    employeeId: number | null,
  ): Promise<{ staffId: number; name: string }> {
    if (employeeId === null || employeeId === person.staffId) return person;
    if (!person.isAdmin) throw DomainError.forbidden(msg.othersTimesheets);
    const employee = await this.staff.get(employeeId);
    if (!employee || !(await this.staff.canSee(person, employeeId)))
      throw DomainError.notFound(periodMessages.personNotFound);
    return employee;
  }

  private async projectOf(person: Principal, filter: TimesheetExportQuery): Promise<ProjectView> {
    const scope = ownerScopeOf(person);
    const project = await this.projects.get(filter.projectId);
    if (!project || (scope !== null && project.ownerId !== scope)) {
      throw DomainError.validation([
        { path: 'projectId', message: timesheetMessages.unknownProject(filter.projectId) },
      ]);
    }
    if (isOvertimeDownloadType(filter.type)) {
      const subProjects = needsSubProject(project.projectId) ? await this.projects.listSubProjects() : [];
      if (!overtimeAppliesToDownload(project, subProjects)) {
        throw DomainError.validation([
          { path: 'type', message: msg.overtimeTypeNotAllowed(filter.type, project.name) },
        ]);
      }
    }
    return project;
  }
}
