import type { ProjectOption } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { ProjectDirectory } from './project-directory';
import { toProjectOption } from './project-option';

/** Sub-projects of umbrella project 45: active projects an admin marked so, by name, within the person's scope. */
export class ListSubProjectsQuery extends SignedInQuery<ProjectOption[]> {}

@QueryHandler(ListSubProjectsQuery)
export class ListSubProjectsHandler extends PortalQueryHandler<ListSubProjectsQuery> {
  constructor(private readonly directory: ProjectDirectory) {
    super();
  }

  protected async handle({ principal }: ListSubProjectsQuery): Promise<ProjectOption[]> {
    const scope = ownerScopeOf(principal);
    const projects = await this.directory.listSubProjects();
    return projects.filter((p) => scope === null || p.ownerId === scope).map(toProjectOption);
  }
}
