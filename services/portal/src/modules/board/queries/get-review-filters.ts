import { QueryHandler } from '@nestjs/cqrs';
import { UMBRELLA_PROJECT_ID, type ReviewFilterProject, type ReviewFilters } from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { ProjectDirectory, type ProjectView } from '../../catalog';
import { StaffQueries } from '../../staff';

/**
 * GET /api/admin/review/filters: the owners, people, projects and sub-projects the review's
 * filters offer, each within the caller's scope (a sightstream admin: owner 2 only, so neither
 * owner 1 nor umbrella project 45 and its sub-projects).
 */
@Requires('admin-or-auditor')
export class GetReviewFilters extends SignedInQuery<ReviewFilters> {}

function projectOf(p: ProjectView): ReviewFilterProject {
  return {
    projectId: p.projectId,
    name: p.name,
    ownerId: p.ownerId,
    billingCycle: p.billingCycle,
    isActive: p.isActive,
    hasOvertime: p.hasOvertime,
  };
}

@QueryHandler(GetReviewFilters)
export class GetReviewFiltersHandler extends PortalQueryHandler<GetReviewFilters> {
  constructor(
    private readonly staff: StaffQueries,
    private readonly projects: ProjectDirectory,
  ) {
    super();
  }

  protected async handle({ principal }: GetReviewFilters): Promise<ReviewFilters> {
    const scope = ownerScopeOf(principal!);
    const [owners, people, projects] = await Promise.all([
      this.projects.listOwners(scope),
      this.staff.listVisibleTo(principal!),
      this.projects.listAll(scope),
    ]);
    const umbrellaVisible = projects.some((p) => p.projectId === UMBRELLA_PROJECT_ID);
    return {
      owners,
      // Deactivated people leave the pickers (issue 9); their rows still show in the review.
      employees: people
        .filter((p) => p.isActive)
        .map((p) => ({
          staffId: p.staffId,
          name: p.name,
          ownerId: p.ownerId,
          isActive: p.isActive,
        })),
      projects: projects.map(projectOf),
      subProjects: umbrellaVisible
        ? projects.filter((p) => p.isSubProject && p.projectId !== UMBRELLA_PROJECT_ID).map(projectOf)
        : [],
    };
  }
}
