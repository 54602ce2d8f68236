import {
  projectDetailsOf,
  projectUpdateOf,
  type ClientDetailsChanged,
  type ProjectDetails,
  type ProjectUpdated,
} from '@portal/contracts';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { handledEvents } from '../../../platform/projection/handled-events';
import type { ClientEvent } from '../domain/client';
import type { OwnerEvent } from '../domain/owner';
import type { ProjectEvent } from '../domain/project';
import {
  CATALOG_READ_MODEL,
  type CatalogTables,
  type ClientsTable,
  type ProjectsTable,
} from './catalog-tables';

/** The bench reads the projection's name here. */
export { CATALOG_READ_MODEL };

/** Every event of the catalog's streams (`owner-{id}`, `client-{id}`, `project-{id}`). */
export type CatalogEvent = OwnerEvent | ClientEvent | ProjectEvent;

const handled = handledEvents<CatalogEvent>(
  'OwnerRegistered',
  'ClientRegistered',
  'ProjectOpened',
  'ProjectUpdated',
  'ProjectClosed',
  'ProjectReopened',
  'ProjectRemoved',
  'ClientDetailsChanged',
);

/** The columns an update changes (either version of the event): only the fields it carries, and when. */
function changedColumns(data: ProjectUpdated, at: string): Updateable<ProjectsTable> {
  const { clientId, ownerId, name, billingCycle, invoiceCurrency, ...details } = projectUpdateOf(data);
  const set: Updateable<ProjectsTable> = { changed_at: at };
  if (clientId !== undefined) set.client_id = clientId;
  if (ownerId !== undefined) set.owner_id = ownerId;
  if (name !== undefined) set.name = name;
  if (billingCycle !== undefined) set.billing_cycle = billingCycle;
  if (invoiceCurrency !== undefined) set.invoice_currency = invoiceCurrency;
  if (details.isSubProject !== undefined) set.is_sub_project = details.isSubProject;
  if (Object.keys(details).length > 0)
    set.details = sql<ProjectDetails>`details || ${JSON.stringify(details)}::jsonb`;
  return set;
}

/** The client columns a change sets: only the fields it carries. */
function changedClientColumns(e: ClientDetailsChanged): Updateable<ClientsTable> {
  const a = e.after;
  const set: Updateable<ClientsTable> = {};
  if (a.name !== undefined) set.name = a.name;
  if (a.addressLine1 !== undefined) set.address_line1 = a.addressLine1;
  if (a.addressLine2 !== undefined) set.address_line2 = a.addressLine2;
  if (a.city !== undefined) set.city = a.city;
  if (a.stateProvince !== undefined) set.state_province = a.stateProvince;
  if (a.countryRegion !== undefined) set.country_region = a.countryRegion;
  if (a.zipPostalCode !== undefined) set.zip_postal_code = a.zipPostalCode;
  if (a.phone !== undefined) set.phone = a.phone;
  if (a.contacts !== undefined) set.contacts = JSON.stringify(a.contacts);
  return set;
}

async function setActive(
  db: Kysely<CatalogTables>,
  projectId: number,
  isActive: boolean,
  at: string,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ is_active: isActive, changed_at: at })
    .where('project_id', '=', projectId)
    .execute();
}

/** Owners, clients and projects: what the project pickers, the roster and every review read. */
export const catalogProjection: Projection = {
  name: CATALOG_READ_MODEL,
  // 2: project details and explicit sub-project membership, client changes, removed projects (issue 9).
  version: 2,
  eventTypes: handled.types,

  async createTables(db: Database): Promise<void> {
    await db.schema
      .createTable('owners')
      .addColumn('owner_id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('clients')
      .addColumn('client_id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address_line1', 'text')
      .addColumn('address_line2', 'text')
      .addColumn('city', 'text')
      .addColumn('state_province', 'text')
      .addColumn('country_region', 'text')
      .addColumn('zip_postal_code', 'text')
      .addColumn('phone', 'text')
      .addColumn('contacts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('scope_owner_id', 'integer')
      .execute();
    await db.schema
      .createTable('projects')
      .addColumn('project_id', 'integer', (c) => c.primaryKey())
      .addColumn('client_id', 'integer', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('billing_cycle', 'text', (c) => c.notNull())
      .addColumn('invoice_currency', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('is_sub_project', 'boolean', (c) => c.notNull())
      .addColumn('details', 'jsonb', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The pickers list active projects by name, optionally of one owner.
    await db.schema
      .createIndex('projects_active_by_name')
      .on('projects')
      .columns(['is_active', 'name'])
      .execute();
    await db.schema.createIndex('projects_by_owner').on('projects').columns(['owner_id', 'name']).execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    if (!handled.has(event)) return;
    const rm = tablesOf<CatalogTables>(db);
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'OwnerRegistered': {
        const e = event.data;
        await rm
          .insertInto('owners')
          .values({ owner_id: e.ownerId, name: e.name })
          .onConflict((oc) => oc.column('owner_id').doUpdateSet({ name: e.name }))
          .execute();
        return;
      }
      case 'ClientRegistered': {
        const e = event.data;
        const values = {
          client_id: e.clientId,
          name: e.name,
          address_line1: e.addressLine1,
          address_line2: e.addressLine2,
          city: e.city,
          state_province: e.stateProvince,
          country_region: e.countryRegion,
          zip_postal_code: e.zipPostalCode,
          phone: e.phone,
          contacts: JSON.stringify(e.contacts),
          scope_owner_id: e.scopeOwnerId ?? null,
        };
        await rm
          .insertInto('clients')
          .values(values)
          .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
          .execute();
        return;
      }
      case 'ProjectOpened': {
        const e = event.data;
        const details = projectDetailsOf(e);
        const values = {
          project_id: e.projectId,
          client_id: e.clientId,
          owner_id: e.ownerId,
          name: e.name,
          billing_cycle: e.billingCycle,
          invoice_currency: e.invoiceCurrency,
          is_active: e.isActive,
          is_sub_project: details.isSubProject,
          details: JSON.stringify(details),
          changed_at: at,
        };
        await rm
          .insertInto('projects')
          .values(values)
          .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
          .execute();
        return;
      }
      case 'ProjectUpdated': {
        const e = event.data;
        await rm
          .updateTable('projects')
          .set(changedColumns(e, at))
          .where('project_id', '=', e.projectId)
          .execute();
        return;
      }
      case 'ProjectClosed':
        return setActive(rm, event.data.projectId, false, at);
      case 'ProjectReopened':
        return setActive(rm, event.data.projectId, true, at);
      case 'ProjectRemoved':
        await rm.deleteFrom('projects').where('project_id', '=', event.data.projectId).execute();
        return;
      case 'ClientDetailsChanged':
        await rm
          .updateTable('clients')
          .set(changedClientColumns(event.data))
          .where('client_id', '=', event.data.clientId)
          .execute();
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
