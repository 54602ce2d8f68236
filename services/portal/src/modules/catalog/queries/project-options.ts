import { Injectable } from '@nestjs/common';
import { catalogMessages, type ProjectDetail, type ProjectOption } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { DomainError } from '../../../kernel/domain-error';
import { RosterQueries } from '../../roster/queries/roster-queries';
import { ownerScopeOf } from '../domain/project-rules';
import { ProjectDirectory, type ProjectView } from './project-directory';

function toOption(p: ProjectView): ProjectOption {
  return {
    projectId: p.projectId,
    name: p.name,
    ownerId: p.ownerId,
    billingCycle: p.billingCycle,
    invoiceCurrency: p.invoiceCurrency,
    hasOvertime: p.hasOvertime,
  };
}

/** The project pickers of the signed-in person; a sightstream person sees only owner-2 projects. */
@Injectable()
export class ProjectOptionsQuery {
  constructor(
    private readonly directory: ProjectDirectory,
    private readonly roster: RosterQueries,
  ) {}

  /** Active projects the roster lets the person bill, by name. */
  async billable(person: Principal): Promise<ProjectOption[]> {
    const projectIds = await this.roster.billableProjectIds(person.staffId);
    const projects = await this.directory.listActive({ projectIds, ownerId: ownerScopeOf(person) });
    return projects.map(toOption);
  }

  /** Sub-projects of umbrella project 45: active projects except 45, by name. */
  async subProjects(person: Principal): Promise<ProjectOption[]> {
    const scope = ownerScopeOf(person);
    const projects = await this.directory.listSubProjects();
    return projects.filter((p) => scope === null || p.ownerId === scope).map(toOption);
  }

  /** One project; a project outside the person's scope is answered as unknown. */
  async detail(person: Principal, projectId: number): Promise<ProjectDetail> {
    const project = await this.directory.get(projectId);
    const scope = ownerScopeOf(person);
    if (!project || (scope !== null && project.ownerId !== scope))
      throw DomainError.notFound(catalogMessages.projectNotFound(projectId));
    return { ...toOption(project), isActive: project.isActive };
  }
}
