import { QueryHandler } from '@nestjs/cqrs';
import { PLANNED_HOURS_EXCLUDED_CLIENT_ID, type PlannedHoursProjectOption } from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { PlanningFacts } from './planning-facts';

/** The planned-hours project picker (admins): every project in scope, by name, never one of client 4. */
@Requires('admin-or-auditor')
export class ListPlanningProjects extends PortalQuery<PlannedHoursProjectOption[]> {}

@QueryHandler(ListPlanningProjects)
export class ListPlanningProjectsHandler extends PortalQueryHandler<ListPlanningProjects> {
  constructor(private readonly facts: PlanningFacts) {
    super();
  }

  protected async handle({ principal }: ListPlanningProjects): Promise<PlannedHoursProjectOption[]> {
    const projects = await this.facts.listProjects(ownerScopeOf(principal!));
    return projects
      .filter((p) => p.clientId !== PLANNED_HOURS_EXCLUDED_CLIENT_ID)
      .map((p) => ({ projectId: p.projectId, name: p.name, ownerId: p.ownerId, isActive: p.isActive }));
  }
}
