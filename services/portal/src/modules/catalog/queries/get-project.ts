import { catalogMessages, type ProjectDetail } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { ProjectDirectory, type ProjectView } from './project-directory';
import { toProjectOption } from './project-option';
import { RosteredProjects } from './rostered-projects';

/**
 * One project with its active flag, for the people on its roster (active or not: the verify page
 * asks for a closed project it still bills) and for admins (a sightstream admin: owner 2 only).
 * Anyone else, and a project outside the person's owner scope, is answered exactly like an
 * unknown project (404), so the answer never tells which projects exist (issue 24).
 */
export class GetProjectQuery extends SignedInQuery<ProjectDetail> {
  constructor(
    principal: Principal,
    readonly projectId: number,
  ) {
    super(principal);
  }
}

@QueryHandler(GetProjectQuery)
export class GetProjectHandler extends PortalQueryHandler<GetProjectQuery> {
  constructor(
    private readonly directory: ProjectDirectory,
    private readonly roster: RosteredProjects,
  ) {
    super();
  }

  protected async handle({ principal, projectId }: GetProjectQuery): Promise<ProjectDetail> {
    const project = await this.directory.get(projectId);
    if (!project || !(await this.mayRead(principal, project)))
      throw DomainError.notFound(catalogMessages.projectNotFound(projectId));
    return { ...toProjectOption(project), isActive: project.isActive };
  }

  private async mayRead(principal: Principal, project: ProjectView): Promise<boolean> {
    const scope = ownerScopeOf(principal);
    if (scope !== null && project.ownerId !== scope) return false;
    if (principal.isAdmin) return true;
    return (await this.roster.billableProjectIds(principal.staffId)).includes(project.projectId);
  }
}
