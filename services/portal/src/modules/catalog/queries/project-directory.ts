import { Injectable } from '@nestjs/common';
import type { BillingCycle, Currency } from '@portal/contracts';
import type { Selectable } from 'kysely';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { projectHasOvertime, UMBRELLA } from '../domain/project-rules';
import { catalogTables, type ProjectsTable } from '../projections/catalog-tables';

export interface ProjectView {
  readonly projectId: number;
  readonly name: string;
  readonly ownerId: number;
  readonly clientId: number;
  readonly billingCycle: BillingCycle;
  readonly invoiceCurrency: Currency;
  readonly isActive: boolean;
  /** Overtime hours may be entered: owner 2, or project 61 or 64. */
  readonly hasOvertime: boolean;
  /** An admin offers it as a sub-project of umbrella project 45. */
  readonly isSubProject: boolean;
}

export interface OwnerView {
  readonly ownerId: number;
  readonly name: string;
}

export interface ActiveProjectFilter {
  /** Only these projects (e.g. the ones the roster lets a person bill). */
  readonly projectIds?: readonly number[];
  /** Only this owner's projects (a sightstream person's scope). */
  readonly ownerId?: number | null;
  readonly excludeProjectIds?: readonly number[];
}

/** The catalog's exported query over projects; other contexts inject this token. */
export abstract class ProjectDirectory {
  abstract get(projectId: number): Promise<ProjectView | null>;
  /** Active projects an admin marked as sub-projects of umbrella project 45, by name. */
  abstract listSubProjects(): Promise<ProjectView[]>;
  /** Active projects, by name, narrowed by the filter. */
  abstract listActive(filter?: ActiveProjectFilter): Promise<ProjectView[]>;
  /** Every project, active or not, of one owner or all (null): names for history and boards. */
  abstract listAll(ownerId: number | null): Promise<ProjectView[]>;
  /** The owners (organisations), one or all (null), by id. */
  abstract listOwners(ownerId: number | null): Promise<OwnerView[]>;
}

/** The projects of `ids` by id, each read once (a null id is passed over; an unknown project is null). */
export async function projectsById(
  directory: ProjectDirectory,
  ids: Iterable<number | null>,
): Promise<Map<number, ProjectView | null>> {
  const found = new Map<number, ProjectView | null>();
  for (const id of ids) if (id !== null && !found.has(id)) found.set(id, await directory.get(id));
  return found;
}

function toProjectView(row: Selectable<ProjectsTable>): ProjectView {
  return {
    projectId: row.project_id,
    name: row.name,
    ownerId: row.owner_id,
    clientId: row.client_id,
    billingCycle: row.billing_cycle,
    invoiceCurrency: row.invoice_currency,
    isActive: row.is_active,
    hasOvertime: projectHasOvertime(row.project_id, row.owner_id),
    isSubProject: row.is_sub_project,
  };
}

@Injectable()
export class ReadModelProjectDirectory extends ProjectDirectory {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  private projects() {
    return catalogTables(this.db).selectFrom('projects').selectAll();
  }

  async get(projectId: number): Promise<ProjectView | null> {
    const row = await this.projects().where('project_id', '=', projectId).executeTakeFirst();
    return row ? toProjectView(row) : null;
  }

  async listSubProjects(): Promise<ProjectView[]> {
    const rows = await this.projects()
      .where('is_active', '=', true)
      .where('is_sub_project', '=', true)
      .where('project_id', '!=', UMBRELLA)
      .orderBy('name')
      .orderBy('project_id')
      .execute();
    return rows.map(toProjectView);
  }

  async listAll(ownerId: number | null): Promise<ProjectView[]> {
    let query = this.projects();
    if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
    const rows = await query.orderBy('name').orderBy('project_id').execute();
    return rows.map(toProjectView);
  }

  async listOwners(ownerId: number | null): Promise<OwnerView[]> {
    let query = catalogTables(this.db).selectFrom('owners').select(['owner_id', 'name']);
    if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
    const rows = await query.orderBy('owner_id').execute();
    return rows.map((r) => ({ ownerId: r.owner_id, name: r.name }));
  }

  async listActive(filter: ActiveProjectFilter = {}): Promise<ProjectView[]> {
    if (filter.projectIds && filter.projectIds.length === 0) return [];
    let query = this.projects().where('is_active', '=', true);
    if (filter.projectIds) query = query.where('project_id', 'in', [...filter.projectIds]);
    if (filter.ownerId !== undefined && filter.ownerId !== null)
      query = query.where('owner_id', '=', filter.ownerId);
    if (filter.excludeProjectIds && filter.excludeProjectIds.length > 0)
      query = query.where('project_id', 'not in', [...filter.excludeProjectIds]);
    const rows = await query.orderBy('name').orderBy('project_id').execute();
    return rows.map(toProjectView);
  }
}
