import { Injectable } from '@nestjs/common';
import {
  isOvertimeDownloadType,
  needsSubProject,
  overtimeAppliesToDownload,
  periodMessages,
  timesheetExportMessages as msg,
  timesheetMessages,
  type TimesheetDownloadType,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { ProjectDirectory, type ProjectView } from '../../catalog';
import { StaffQueries } from '../../staff';

/** The person whose time a download covers. */
export interface ExportEmployee {
  readonly staffId: number;
  readonly name: string;
  /** Their sign-in address (the Power BI report's row-level identity). */
  readonly username: string;
}

/**
 * Who may download whose time on which project, for the .xlsx and the embedded report alike.
 * Whose time: one's own; an admin (or auditor) may name anyone in their scope (a sightstream admin: owner-2
 * people; anyone else answers 404 'Person not found.'); a non-admin naming someone else gets 403.
 * The project must exist in the asker's owner scope (else the unknown-project 400), and the OT
 * types need a project where overtime applies.
 */
@Injectable()
export class TimesheetExportScope {
  constructor(
    private readonly staff: StaffQueries,
    private readonly projects: ProjectDirectory,
  ) {}

  async employeeOf(person: Principal, employeeId: number | null): Promise<ExportEmployee> {
    if (employeeId === null || employeeId === person.staffId) return person;
    if (!person.isAdmin && person.isAuditor !== true) throw DomainError.forbidden(msg.othersTimesheets);
    const employee = await this.staff.get(employeeId);
    if (!employee || !(await this.staff.canSee(person, employeeId)))
      throw DomainError.notFound(periodMessages.personNotFound);
    return employee;
  }

  async projectOf(person: Principal, projectId: number, type: TimesheetDownloadType): Promise<ProjectView> {
    const scope = ownerScopeOf(person);
    const project = await this.projects.get(projectId);
    if (!project || (scope !== null && project.ownerId !== scope)) {
      throw DomainError.validation([
        { path: 'projectId', message: timesheetMessages.unknownProject(projectId) },
      ]);
    }
    if (isOvertimeDownloadType(type)) {
      const subProjects = needsSubProject(project.projectId) ? await this.projects.listSubProjects() : [];
      if (!overtimeAppliesToDownload(project, subProjects)) {
        throw DomainError.validation([
          { path: 'type', message: msg.overtimeTypeNotAllowed(type, project.name) },
        ]);
      }
    }
    return project;
  }
}
