import type {
  ClientRegistered,
  OwnerRegistered,
  ProjectClosed,
  ProjectOpened,
  ProjectReopened,
  ProjectUpdated,
} from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../../../platform/database/database';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';

/** Rows of the `rm_catalog` schema. */
export interface OwnerRow {
  owner_id: number;
  name: string;
}

export interface ClientRow {
  client_id: number;
  name: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state_province: string | null;
  country_region: string | null;
  zip_postal_code: string | null;
  phone: string | null;
  contacts: { name: string; email: string }[];
}

export interface ProjectRow {
  project_id: number;
  client_id: number;
  owner_id: number;
  name: string;
  billing_cycle: string;
  invoice_currency: string;
  is_active: boolean;
  changed_at: Date;
}

export const CATALOG_READ_MODEL = 'catalog';

const handled = [
  'OwnerRegistered',
  'ClientRegistered',
  'ProjectOpened',
  'ProjectUpdated',
  'ProjectClosed',
  'ProjectReopened',
] as const;

type Handled = (typeof handled)[number];

const projectColumns = {
  clientId: 'client_id',
  ownerId: 'owner_id',
  name: 'name',
  billingCycle: 'billing_cycle',
  invoiceCurrency: 'invoice_currency',
} as const;

async function setActive(db: Database, projectId: number, isActive: boolean, at: string): Promise<void> {
  await db
    .updateTable('projects')
    .set({ is_active: isActive, changed_at: at })
    .where('project_id', '=', projectId)
    .execute();
}

/** Owners, clients and projects: what the project pickers, the roster and every review read. */
export const catalogProjection: Projection = {
  name: CATALOG_READ_MODEL,
  version: 1,
  eventTypes: handled,

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
    const type = event.type as Handled;
    const at = event.metadata.occurredAt;
    switch (type) {
      case 'OwnerRegistered': {
        const e = event.data as OwnerRegistered;
        await db
          .insertInto('owners')
          .values({ owner_id: e.ownerId, name: e.name })
          .onConflict((oc) => oc.column('owner_id').doUpdateSet({ name: e.name }))
          .execute();
        return;
      }
      case 'ClientRegistered': {
        const e = event.data as ClientRegistered;
        const row: ClientRow = {
          client_id: e.clientId,
          name: e.name,
          address_line1: e.addressLine1,
          address_line2: e.addressLine2,
          city: e.city,
          state_province: e.stateProvince,
          country_region: e.countryRegion,
          zip_postal_code: e.zipPostalCode,
          phone: e.phone,
          contacts: [...e.contacts],
        };
        const values = { ...row, contacts: JSON.stringify(row.contacts) };
        await db
          .insertInto('clients')
          .values(values)
          .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
          .execute();
        return;
      }
      case 'ProjectOpened': {
        const e = event.data as ProjectOpened;
        const values = {
          project_id: e.projectId,
          client_id: e.clientId,
          owner_id: e.ownerId,
          name: e.name,
          billing_cycle: e.billingCycle,
          invoice_currency: e.invoiceCurrency,
          is_active: e.isActive,
          changed_at: at,
        };
        await db
          .insertInto('projects')
          .values(values)
          .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
          .execute();
        return;
      }
      case 'ProjectUpdated': {
        const e = event.data as ProjectUpdated;
        const set: Record<string, unknown> = { changed_at: at };
        for (const [field, column] of Object.entries(projectColumns)) {
          const value = e[field as keyof typeof projectColumns];
          if (value !== undefined) set[column] = value;
        }
        await db.updateTable('projects').set(set).where('project_id', '=', e.projectId).execute();
        return;
      }
      case 'ProjectClosed':
        return setActive(db, (event.data as ProjectClosed).projectId, false, at);
      case 'ProjectReopened':
        return setActive(db, (event.data as ProjectReopened).projectId, true, at);
      default: {
        const unknown: never = type;
        return unknown;
      }
    }
  },
};
