import { Injectable } from '@nestjs/common';
import { projectEndDate, truncateTo, type AdminClient, type AdminProject } from '@portal/contracts';
import type { Selectable } from 'kysely';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { catalogTables, type ClientsTable, type ProjectsTable } from '../projections/catalog-tables';

/** Whether a client is within an admin's owner scope, and whether they may change it. */
export interface ClientAccess {
  readonly visible: boolean;
  /** No project of another owner uses it. */
  readonly changeable: boolean;
}

function clientOf(row: Selectable<ClientsTable>, projectCount: number): AdminClient {
  return {
    clientId: row.client_id,
    name: row.name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    stateProvince: row.state_province,
    countryRegion: row.country_region,
    zipPostalCode: row.zip_postal_code,
    phone: row.phone,
    contacts: row.contacts,
    projectCount,
  };
}

/**
 * The admin screens' reads of `rm_catalog`, in the admin's owner scope (null: every owner). A
 * client has no owner: a scoped admin sees the clients that have a project of their owner or
 * that such an admin registered, and may change only those no other owner's project uses.
 */
@Injectable()
export class CatalogAdminReadModel {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private tables() {
    return catalogTables(this.db);
  }

  private async projectOwnersByClient(): Promise<Map<number, number[]>> {
    const rows = await this.tables().selectFrom('projects').select(['client_id', 'owner_id']).execute();
    const owners = new Map<number, number[]>();
    for (const row of rows) owners.set(row.client_id, [...(owners.get(row.client_id) ?? []), row.owner_id]);
    return owners;
  }

  async clients(scope: number | null): Promise<AdminClient[]> {
    const [rows, owners] = await Promise.all([
      this.tables().selectFrom('clients').selectAll().orderBy('name').orderBy('client_id').execute(),
      this.projectOwnersByClient(),
    ]);
    return rows
      .filter((row) => accessOf(row, owners.get(row.client_id) ?? [], scope).visible)
      .map((row) => {
        const ofClient = owners.get(row.client_id) ?? [];
        return clientOf(row, ofClient.filter((o) => scope === null || o === scope).length);
      });
  }

  async clientAccess(clientId: number, scope: number | null): Promise<ClientAccess> {
    const row = await this.tables()
      .selectFrom('clients')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) return { visible: scope === null, changeable: scope === null };
    const owners = await this.tables()
      .selectFrom('projects')
      .select('owner_id')
      .where('client_id', '=', clientId)
      .execute();
    return accessOf(
      row,
      owners.map((o) => o.owner_id),
      scope,
    );
  }

  async projects(scope: number | null, projectId?: number): Promise<AdminProject[]> {
    let query = this.tables()
      .selectFrom('projects as p')
      .leftJoin('clients as c', 'c.client_id', 'p.client_id')
      .leftJoin('owners as o', 'o.owner_id', 'p.owner_id')
      .selectAll('p')
      .select(['c.name as client_name', 'o.name as owner_name']);
    if (scope !== null) query = query.where('p.owner_id', '=', scope);
    if (projectId !== undefined) query = query.where('p.project_id', '=', projectId);
    const rows = await query.orderBy('p.project_id').execute();
    return rows.map((row) => projectOf(row, row.client_name, row.owner_name));
  }

  async highestClientId(): Promise<number> {
    const row = await this.tables()
      .selectFrom('clients')
      .select((eb) => eb.fn.max('client_id').as('top'))
      .executeTakeFirst();
    return Number(row?.top ?? 0);
  }

  async highestProjectId(): Promise<number> {
    const row = await this.tables()
      .selectFrom('projects')
      .select((eb) => eb.fn.max('project_id').as('top'))
      .executeTakeFirst();
    return Number(row?.top ?? 0);
  }
}

function accessOf(
  row: Selectable<ClientsTable>,
  projectOwners: readonly number[],
  scope: number | null,
): ClientAccess {
  if (scope === null) return { visible: true, changeable: true };
  const visible = row.scope_owner_id === scope || projectOwners.includes(scope);
  return { visible, changeable: visible && projectOwners.every((o) => o === scope) };
}

function projectOf(
  row: Selectable<ProjectsTable>,
  clientName: string | null,
  ownerName: string | null,
): AdminProject {
  const d = row.details;
  return {
    ...d,
    projectId: row.project_id,
    clientId: row.client_id,
    ownerId: row.owner_id,
    name: row.name,
    billingCycle: row.billing_cycle,
    invoiceCurrency: row.invoice_currency,
    isActive: row.is_active,
    isSubProject: row.is_sub_project,
    clientName: clientName ?? `Client ${row.client_id}`,
    ownerName: ownerName ?? `Owner ${row.owner_id}`,
    endDate: projectEndDate(d.startDate ?? null, d.lengthMonths ?? null),
    // Money shows two decimals ('125000.50'); the log keeps the canonical text, so the same value
    // sent back from the form records no change.
    poValue: d.poValue === null || d.poValue === undefined ? null : truncateTo(d.poValue, 2),
  };
}
