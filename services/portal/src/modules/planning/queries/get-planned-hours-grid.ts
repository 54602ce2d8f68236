import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import { monthsBetween, type PlannedHoursGrid, type PlannedHoursQuery } from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { SumProjectHoursByMonth, type ProjectMonthHours } from '../../timesheets';
import { checkPlanningProject } from '../domain/planned-hours';
import { planningTables } from '../projections/planning-tables';
import { PlanningFacts } from './planning-facts';

/**
 * The planned-hours grid (admins): the people the roster lets bill the project (a sightstream
 * admin: owner-2 people of owner-2 projects only) by the months asked, with the hours planned and
 * the hours recorded (the timesheets context's SumProjectHoursByMonth) in each cell.
 */
@Requires('admin-or-auditor')
export class GetPlannedHoursGrid extends PortalQuery<PlannedHoursGrid> {
  constructor(
    principal: Principal,
    readonly query: PlannedHoursQuery,
  ) {
    super(principal);
  }
}

@QueryHandler(GetPlannedHoursGrid)
export class GetPlannedHoursGridHandler extends PortalQueryHandler<GetPlannedHoursGrid> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly facts: PlanningFacts,
    private readonly queries: QueryBus,
  ) {
    super();
  }

  protected async handle({ principal, query }: GetPlannedHoursGrid): Promise<PlannedHoursGrid> {
    const { projectId, from, to } = query;
    const scope = ownerScopeOf(principal!);
    const project = await this.facts.project(projectId);
    checkPlanningProject(projectId, project, scope);
    const roster = await this.facts.rosterPeople(projectId);
    const people = roster.filter((person) => scope === null || person.ownerId === scope);
    const [planned, actual] = await Promise.all([
      planningTables(this.db)
        .selectFrom('planned_hours')
        .select(['employee_id', 'month', 'planned_hours'])
        .where('project_id', '=', projectId)
        .where('month', '>=', from)
        .where('month', '<=', to)
        .execute(),
      this.queries.execute<SumProjectHoursByMonth, ProjectMonthHours[]>(
        new SumProjectHoursByMonth(
          principal!,
          projectId,
          from,
          to,
          people.map((p) => p.staffId),
        ),
      ),
    ]);
    const plannedOf = new Map<number, Record<string, number | null>>();
    for (const row of planned) {
      const cells = plannedOf.get(row.employee_id) ?? {};
      cells[row.month] = row.planned_hours;
      plannedOf.set(row.employee_id, cells);
    }
    const actualOf = new Map<number, Record<string, string>>();
    for (const row of actual) {
      const cells = actualOf.get(row.employeeId) ?? {};
      cells[row.month] = row.hours;
      actualOf.set(row.employeeId, cells);
    }
    return {
      projectId,
      projectName: project!.name,
      months: monthsBetween(from, to),
      people: people.map((person) => ({
        employeeId: person.staffId,
        name: person.name,
        isActive: person.isActive,
        planned: plannedOf.get(person.staffId) ?? {},
        actual: actualOf.get(person.staffId) ?? {},
      })),
    };
  }
}
