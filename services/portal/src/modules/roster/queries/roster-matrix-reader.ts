import { Injectable } from '@nestjs/common';
import type { RosterChoices, RosterMatrix, RosterMatrixQuery } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { hasRosterAccess } from '../../../platform/auth/decorators';
import { isReadOnlyAuditor, type Principal } from '../../../platform/auth/principal';
import { ProjectDirectory } from '../../catalog';
import { StaffQueries } from '../../staff';
import { AsOfReplay } from '../../../platform/projection/as-of-replay';
import { ROSTER_STREAM_ID } from '../domain/roster';
import { ROSTER_READ_MODEL } from '../projections/roster-tables';
import { RosterQueries } from './roster-queries';

/** Who may read the roster matrix: admins, roster editors and auditors. Anyone else: 403. */
export function assertMayReadRoster(person: Principal | null): Principal {
  if (!person || !hasRosterAccess(person, 'reader')) throw DomainError.forbidden();
  return person;
}

/**
 * The roster matrix of one caller: the active people and active projects in their owner scope (a
 * sightstream person: owner 2 only), narrowed by the filter, and the allowed pairs among them as
 * index lists. Read models only: it answers what the projections show (read-your-writes after a
 * save is the HTTP edge's wait on the save's position).
 */
@Injectable()
export class RosterMatrixReader {
  constructor(
    private readonly staff: StaffQueries,
    private readonly projects: ProjectDirectory,
    private readonly roster: RosterQueries,
    private readonly replay: AsOfReplay,
  ) {}

  async choices(person: Principal): Promise<RosterChoices> {
    const scope = ownerScopeOf(person);
    const [people, projects, owners] = await Promise.all([
      this.staff.listVisibleTo(person),
      this.projects.listActive({ ownerId: scope }),
      this.projects.listOwners(scope),
    ]);
    return {
      people: people
        .filter((p) => p.isActive)
        .map((p) => ({ staffId: p.staffId, name: p.name, ownerId: p.ownerId })),
      projects: projects.map((p) => ({ projectId: p.projectId, name: p.name, ownerId: p.ownerId })),
      owners,
      canEdit: person.canEditRoster && !isReadOnlyAuditor(person),
      ownerFilter: scope === null,
    };
  }

  /**
   * `asOf`: the ticks as they stood at that instant, the roster stream replayed up to it by the
   * live projection (AsOfReplay); the people and projects are today's, and nothing can be saved
   * (canEdit false).
   */
  async matrix(
    person: Principal,
    filter: RosterMatrixQuery,
    asOf: string | null = null,
  ): Promise<RosterMatrix> {
    const [current, pairs] = await Promise.all([this.choices(person), this.allowedPairs(asOf)]);
    const choices = asOf === null ? current : { ...current, canEdit: false };
    const employeeIds = filter.employeeIds ? new Set(filter.employeeIds) : null;
    const projectIds = filter.projectIds ? new Set(filter.projectIds) : null;
    const owner = filter.ownerId;
    // The owner filter narrows both axes, as the sightstream scope does.
    const people = choices.people.filter(
      (p) => (!employeeIds || employeeIds.has(p.staffId)) && (owner === null || p.ownerId === owner),
    );
    const projects = choices.projects.filter(
      (p) => (!projectIds || projectIds.has(p.projectId)) && (owner === null || p.ownerId === owner),
    );
    const row = new Map(people.map((p, i) => [p.staffId, i]));
    const column = new Map(projects.map((p, i) => [p.projectId, i]));
    const allowed: number[][] = people.map(() => []);
    for (const pair of pairs) {
      const i = row.get(pair.employeeId);
      const j = column.get(pair.projectId);
      if (i !== undefined && j !== undefined) allowed[i].push(j);
    }
    for (const list of allowed) list.sort((a, b) => a - b);
    return { ...choices, people, projects, allowed };
  }

  private allowedPairs(asOf: string | null) {
    if (asOf === null) return this.roster.allowedPairs();
    return this.replay.replay(
      { readModels: [ROSTER_READ_MODEL], streamIds: [ROSTER_STREAM_ID], asOf },
      (replayed) => this.roster.allowedPairs(replayed),
    );
  }
}
