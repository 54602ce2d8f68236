import { Injectable } from '@nestjs/common';
import {
  needsSubProject,
  type BusinessDate,
  type ProjectFacts,
  type TimesheetProblem,
  type TimesheetRuleFacts,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { LedgerAccess, type LedgerPerson } from '../../periods';

type ProjectLike = { projectId: number; name: string; ownerId: number; isActive: boolean };

function factsOf(view: ProjectLike | null): ProjectFacts | null {
  return view
    ? { projectId: view.projectId, name: view.name, ownerId: view.ownerId, isActive: view.isActive }
    : null;
}

/** The shared timesheet rules' facts, with the known project the rules were checked against. */
export type CheckedFacts = TimesheetRuleFacts & { project: ProjectFacts };

/**
 * The facts the shared timesheet rules need (the project and sub-project as the person may see
 * them) and what only the server can check (periods' LedgerAccess: the roster, the owner scope).
 * A project or sub-project outside the person's scope is answered exactly like an unknown one.
 */
@Injectable()
export class TimesheetFacts {
  constructor(private readonly access: LedgerAccess) {}

  /**
   * Checks `problemsOf(facts)` (the shared rules) with the server's problems and throws them
   * together; answers the facts with the known project. An unknown project answers that alone.
   */
  async check(
    person: LedgerPerson,
    projectId: number,
    subProjectId: number | null,
    today: BusinessDate,
    problemsOf: (facts: TimesheetRuleFacts) => readonly TimesheetProblem[],
  ): Promise<CheckedFacts> {
    const [access, subProject] = await Promise.all([
      this.access.billableProject(person, projectId),
      needsSubProject(projectId) && subProjectId !== null
        ? // Only a project the admins marked as a sub-project of the umbrella may be named.
          this.access.visibleProject(person, subProjectId).then((p) => (p?.isSubProject ? p : null))
        : Promise.resolve(null),
    ]);
    const project = factsOf(access.project);
    if (!project) throw DomainError.validation(access.problems);
    const facts = { project, subProject: factsOf(subProject), today };
    DomainError.throwIfAny([...problemsOf(facts), ...access.problems]);
    return facts;
  }
}
