import { Injectable } from '@nestjs/common';
import { analyticsMessages as msg, type ErpFilter, type ErpFilterOptions } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { ProjectDirectory } from '../../catalog';
import { StaffQueries } from '../../staff';
import type { ErpProject } from '../domain/erp-figures';

/** What one ERP view may read: the rows' narrowing and the projects and owners it names. */
export interface ErpScope {
  readonly employeeIds: readonly number[] | null;
  readonly projectIds: readonly number[] | null;
  readonly projects: ReadonlyMap<number, ErpProject>;
  readonly ownerNames: ReadonlyMap<number, string>;
  readonly options: ErpFilterOptions;
}

/**
 * The server's side of the ERP views' scope (admin spec §6): a sightstream admin sees only owner-2
 * people and owner-2 projects; naming another owner, or a person or project outside the scope (or
 * unknown: the same answer), is 403. The owner filter keeps the time and expenses of that owner's
 * projects (for umbrella 45, its sub-project's owner).
 */
@Injectable()
export class ErpScopes {
  constructor(
    private readonly staff: StaffQueries,
    private readonly directory: ProjectDirectory,
  ) {}

  async of(principal: Principal, filter: ErpFilter | null): Promise<ErpScope> {
    const ownerScope = ownerScopeOf(principal);
    if (filter && ownerScope !== null && filter.ownerId !== null && filter.ownerId !== ownerScope)
      throw DomainError.forbidden(msg.ownerOutOfScope);
    const [people, projects, owners] = await Promise.all([
      this.staff.listVisibleTo(principal),
      this.directory.listAll(ownerScope),
      this.directory.listOwners(ownerScope),
    ]);
    const projectMap = new Map<number, ErpProject>(projects.map((p) => [p.projectId, p]));
    if (filter?.employeeId != null && !people.some((p) => p.staffId === filter.employeeId))
      throw DomainError.forbidden(msg.employeeOutOfScope(filter.employeeId));
    if (filter?.projectId != null && !projectMap.has(filter.projectId))
      throw DomainError.forbidden(msg.projectOutOfScope(filter.projectId));

    let projectIds: number[] | null = ownerScope !== null ? [...projectMap.keys()] : null;
    if (filter?.ownerId != null)
      projectIds = projects.filter((p) => p.ownerId === filter.ownerId).map((p) => p.projectId);
    if (filter?.projectId != null)
      projectIds = (projectIds ?? [filter.projectId]).filter((id) => id === filter.projectId);
    const employeeIds =
      filter?.employeeId != null
        ? [filter.employeeId]
        : ownerScope !== null
          ? people.map((p) => p.staffId)
          : null;
    return {
      employeeIds,
      projectIds,
      projects: projectMap,
      ownerNames: new Map(owners.map((o) => [o.ownerId, o.name])),
      options: {
        owners: owners.map((o) => ({ ownerId: o.ownerId, name: o.name })),
        projects: projects.map((p) => ({ projectId: p.projectId, name: p.name, ownerId: p.ownerId })),
        people: people.map((p) => ({ employeeId: p.staffId, name: p.name, ownerId: p.ownerId })),
      },
    };
  }
}
