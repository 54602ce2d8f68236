import { Injectable } from '@nestjs/common';
import { reviewQueryMessages as msg, type ReviewQuery } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { ProjectDirectory, type ProjectView } from '../../catalog';
import type { ReviewRowFilter } from '../../lookups';
import { StaffQueries, type StaffSummary } from '../../staff';
import { ReadModelCache } from './read-model-cache';

/** Who and what one review may show, and the row filter the timesheets and expenses contexts get. */
export interface ReviewScope {
  /** The caller's owner scope: 2 for a sightstream admin, null for the firm's. */
  readonly ownerScope: number | null;
  /** The people the review may show (in scope, of the chosen owner and employee), by id. */
  readonly people: ReadonlyMap<number, StaffSummary>;
  /** Every project the caller may see (names, owners, overtime), by id. */
  readonly projects: ReadonlyMap<number, ProjectView>;
  /** The rows the summaries and row lists read. */
  readonly rows: ReviewRowFilter;
}

/** The people and projects an owner scope sees, kept with the read models' position. */
export interface Visible {
  readonly ownerScope: number | null;
  readonly people: readonly StaffSummary[];
  readonly peopleIds: ReadonlySet<number>;
  readonly projects: ReadonlyMap<number, ProjectView>;
}

/**
 * The server's side of who may review what (admin spec §6): a sightstream admin sees only owner-2
 * people and owner-2 projects; naming another owner, or a person or project outside the scope
 * (or unknown: the same answer, so nothing tells what exists), is 403. The owner filter narrows
 * the people by their owner; the employee, project and sub-project filters narrow the rows.
 */
@Injectable()
export class ReviewScopes {
  constructor(
    private readonly staff: StaffQueries,
    private readonly projects: ProjectDirectory,
    private readonly cache: ReadModelCache,
  ) {}

  /**
   * What the caller may see, after refusing (403) a filter outside it. `position`: the read
   * models' (ReadModelCache.readModelsPosition), under which the lists are kept.
   */
  async check(principal: Principal, query: ReviewQuery, position: string): Promise<Visible> {
    const ownerScope = ownerScopeOf(principal);
    if (ownerScope !== null && query.ownerId !== null && query.ownerId !== ownerScope)
      throw DomainError.forbidden(msg.ownerOutOfScope);
    const visible = await this.cache.get(`review-visible|${position}|scope=${ownerScope}`, () =>
      this.visibleTo(principal, ownerScope),
    );
    if (query.employeeId !== null && !visible.peopleIds.has(query.employeeId))
      throw DomainError.forbidden(msg.employeeOutOfScope(query.employeeId));
    for (const id of [query.projectId, query.subProjectId])
      if (id !== null && !visible.projects.has(id)) throw DomainError.forbidden(msg.projectOutOfScope(id));
    return visible;
  }

  private async visibleTo(principal: Principal, ownerScope: number | null): Promise<Visible> {
    const [people, projects] = await Promise.all([
      this.staff.listVisibleTo(principal),
      this.projects.listAll(ownerScope),
    ]);
    return {
      ownerScope,
      people,
      peopleIds: new Set(people.map((p) => p.staffId)),
      projects: new Map(projects.map((p) => [p.projectId, p])),
    };
  }
}

/** The people and rows a (checked) query covers. */
export function reviewScopeOf(visible: Visible, query: ReviewQuery): ReviewScope {
  const { ownerScope, projects } = visible;
  const people = visible.people.filter(
    (p) =>
      (query.ownerId === null || p.ownerId === query.ownerId) &&
      (query.employeeId === null || p.staffId === query.employeeId),
  );
  const narrowsPeople = query.ownerId !== null || query.employeeId !== null || ownerScope !== null;
  const projectIds =
    query.projectId !== null ? [query.projectId] : ownerScope !== null ? [...projects.keys()] : null;
  return {
    ownerScope,
    people: new Map(people.map((p) => [p.staffId, p])),
    projects,
    rows: {
      start: query.start,
      end: query.end,
      projectIds,
      subProjectId: query.subProjectId,
      employeeIds: narrowsPeople ? people.map((p) => p.staffId) : null,
    },
  };
}
