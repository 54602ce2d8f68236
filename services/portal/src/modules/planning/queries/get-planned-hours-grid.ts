import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  ledgerStreamId,
  monthsBetween,
  type PlannedHoursGrid,
  type PlannedHoursQuery,
} from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { AsOfReplay, type ReplayedReadModels } from '../../../platform/projection/as-of-replay';
import { ROSTER_READ_MODEL, ROSTER_STREAM_ID } from '../../roster';
import type { StaffSummary } from '../../staff';
import { SumProjectHoursByMonth, TIMESHEETS_READ_MODEL, type ProjectMonthHours } from '../../timesheets';
import { checkPlanningProject, plannedHoursStreamId } from '../domain/planned-hours';
import { PLANNING_READ_MODEL, planningTables } from '../projections/planning-tables';
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
    /** A past instant (ISO, UTC): the grid as it stood then, rebuilt from the log; null: now. */
    readonly asOf: string | null = null,
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
    private readonly replay: AsOfReplay,
  ) {
    super();
  }

  protected async handle({ principal, query, asOf }: GetPlannedHoursGrid): Promise<PlannedHoursGrid> {
    const { projectId, from, to } = query;
    const scope = ownerScopeOf(principal!);
    const project = await this.facts.project(projectId);
    checkPlanningProject(projectId, project, scope);
    const inScope = (people: StaffSummary[]) =>
      people.filter((person) => scope === null || person.ownerId === scope);
    if (asOf === null) {
      const people = inScope(await this.facts.rosterPeople(projectId));
      return this.gridOf(principal!, query, project!.name, people, null);
    }
    // As of an instant: the roster first (whose rows the grid has), then the plans and the
    // recorded hours of those people's ledgers in the months asked, all by the live projections.
    const people = inScope(
      await this.replay.replay(
        { readModels: [ROSTER_READ_MODEL], streamIds: [ROSTER_STREAM_ID], asOf },
        (replayed) => this.facts.rosterPeople(projectId, replayed),
      ),
    );
    const months = monthsBetween(from, to);
    const streamIds = [
      plannedHoursStreamId(projectId),
      ...people.flatMap((p) => months.map((month) => ledgerStreamId(p.staffId, month))),
    ];
    return this.replay.replay(
      { readModels: [PLANNING_READ_MODEL, TIMESHEETS_READ_MODEL], streamIds, asOf },
      (replayed) => this.gridOf(principal!, query, project!.name, people, replayed),
    );
  }

  private async gridOf(
    principal: Principal,
    query: PlannedHoursQuery,
    projectName: string,
    people: StaffSummary[],
    replayed: ReplayedReadModels | null,
  ): Promise<PlannedHoursGrid> {
    const { projectId, from, to } = query;
    const [planned, actual] = await Promise.all([
      planningTables(this.db, replayed)
        .selectFrom('planned_hours')
        .select(['employee_id', 'month', 'planned_hours'])
        .where('project_id', '=', projectId)
        .where('month', '>=', from)
        .where('month', '<=', to)
        .execute(),
      this.queries.execute<SumProjectHoursByMonth, ProjectMonthHours[]>(
        new SumProjectHoursByMonth(
          principal,
          projectId,
          from,
          to,
          people.map((p) => p.staffId),
          replayed,
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
      projectName,
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
