import type { ProjectOption } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { ProjectDirectory } from './project-directory';
import { toProjectOption } from './project-option';
import { RosteredProjects } from './rostered-projects';

/** The active projects the roster lets the person bill, by name; a sightstream person's: owner 2 only. */
export class ListBillableProjectsQuery extends SignedInQuery<ProjectOption[]> {}

@QueryHandler(ListBillableProjectsQuery)
export class ListBillableProjectsHandler extends PortalQueryHandler<ListBillableProjectsQuery> {
  constructor(
    private readonly directory: ProjectDirectory,
    private readonly roster: RosteredProjects,
  ) {
    super();
  }

  protected async handle({ principal }: ListBillableProjectsQuery): Promise<ProjectOption[]> {
    const projectIds = await this.roster.billableProjectIds(principal.staffId);
    const projects = await this.directory.listActive({ projectIds, ownerId: ownerScopeOf(principal) });
    return projects.map(toProjectOption);
  }
}
