import { Injectable } from '@nestjs/common';
import {
  needsSubProject,
  timesheetMessages as msg,
  type ProjectFacts,
  type TimesheetProblem,
  type TimesheetRuleFacts,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ProjectDirectory, type ProjectView } from '../../catalog/queries/project-directory';
import { RosterQueries } from '../../roster/queries/roster-queries';

function factsOf(view: ProjectView | null): ProjectFacts | null {
  return view
    ? { projectId: view.projectId, name: view.name, ownerId: view.ownerId, isActive: view.isActive }
    : null;
}

/**
 * The facts the shared timesheet rules need (the project and sub-project, from the catalog) and
 * the rule only the server can check: the roster lets this person bill the project.
 */
@Injectable()
export class TimesheetFacts {
  constructor(
    private readonly projects: ProjectDirectory,
    private readonly roster: RosterQueries,
  ) {}

  async load(
    projectId: number,
    subProjectId: number | null,
    today: string,
  ): Promise<TimesheetRuleFacts & { project: ProjectFacts | null }> {
    const [project, subProject] = await Promise.all([
      this.projects.get(projectId),
      needsSubProject(projectId) && subProjectId !== null
        ? this.projects.get(subProjectId)
        : Promise.resolve(null),
    ]);
    return { project: factsOf(project), subProject: factsOf(subProject), today };
  }

  /** Problems the roster and the catalog add to the shared rules' problems. */
  async serverProblems(
    employeeId: number,
    projectId: number,
    facts: TimesheetRuleFacts,
  ): Promise<TimesheetProblem[]> {
    if (!facts.project) return [{ path: 'projectId', message: msg.unknownProject(projectId) }];
    if (!(await this.roster.canBill(employeeId, projectId))) {
      return [{ path: 'projectId', message: msg.projectNotBillable }];
    }
    return [];
  }

  /** Answers every problem at once (a 400 naming each field), without repeats. */
  static throwIfAny(problems: readonly TimesheetProblem[]): void {
    DomainError.throwIfAny(problems);
  }
}
