import { catalogMessages, type ProjectDetail } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { ProjectDirectory } from './project-directory';
import { toProjectOption } from './project-option';

/** One project with its active flag; a project outside the person's scope is answered as unknown (404). */
export class GetProjectQuery extends PortalQuery<ProjectDetail> {
  declare readonly principal: Principal;

  constructor(
    principal: Principal,
    readonly projectId: number,
  ) {
    super(principal);
  }
}

@QueryHandler(GetProjectQuery)
export class GetProjectHandler extends PortalQueryHandler<GetProjectQuery> {
  constructor(private readonly directory: ProjectDirectory) {
    super();
  }

  protected async handle({ principal, projectId }: GetProjectQuery): Promise<ProjectDetail> {
    const project = await this.directory.get(projectId);
    const scope = ownerScopeOf(principal);
    if (!project || (scope !== null && project.ownerId !== scope))
      throw DomainError.notFound(catalogMessages.projectNotFound(projectId));
    return { ...toProjectOption(project), isActive: project.isActive };
  }
}
