import {
  projectDetailsOf,
  projectUpdateOf,
  type ClientDetailsChanged,
  type ProjectDetails,
  type ProjectUpdated,
} from '@portal/contracts';
import { sql, type Kysely, type Updateable } from 'kysely';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf } from '../../../platform/projection/read-model-tables';
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
  'OwnerTimeZoneSet',
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
export const catalogProjection = projectionOf<CatalogEvent, CatalogTables>({
  name: CATALOG_READ_MODEL,
  // 2: project details and explicit sub-project membership, client changes, removed projects (issue 9).
  // 3: the owner's time zone (issue 25).
  version: 3,
  handled,
  tables: {
    owners: { columns: { owner_id: 'integer primary key', name: 'text not null', time_zone: 'text' } },
    clients: {
      columns: {
        client_id: 'integer primary key',
        name: 'text not null',
        address_line1: 'text',
        address_line2: 'text',
        city: 'text',
        state_province: 'text',
        country_region: 'text',
        zip_postal_code: 'text',
        phone: 'text',
        contacts: ['jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)],
        scope_owner_id: 'integer',
      },
    },
    projects: {
      columns: {
        project_id: 'integer primary key',
        client_id: 'integer not null',
        owner_id: 'integer not null',
        name: 'text not null',
        billing_cycle: 'text not null',
        invoice_currency: 'text not null',
        is_active: 'boolean not null',
        is_sub_project: 'boolean not null',
        details: 'jsonb not null',
        changed_at: 'timestamptz not null',
      },
      // The pickers list active projects by name, optionally of one owner.
      indexes: { projects_active_by_name: ['is_active', 'name'], projects_by_owner: ['owner_id', 'name'] },
    },
  },

  async apply(event, rm): Promise<void> {
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
      case 'OwnerTimeZoneSet':
        await rm
          .updateTable('owners')
          .set({ time_zone: event.data.after.timeZone })
          .where('owner_id', '=', event.data.ownerId)
          .execute();
        return;
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
});
