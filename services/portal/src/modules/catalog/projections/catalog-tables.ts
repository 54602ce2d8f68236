import type { BillingCycle, ClientContact, Currency, ProjectDetails } from '@portal/contracts';
import type { ColumnType, RawBuilder } from 'kysely';
import { readModelTables } from '../../../platform/projection/read-model-tables';

/** The projection's name; its tables live in the schema `rm_catalog`. */
export const CATALOG_READ_MODEL = 'catalog';

/** Rows of `rm_catalog`: what the catalog's projection writes and its queries read. */
export interface OwnersTable {
  owner_id: number;
  name: string;
  /** Version 3: the owner's IANA time zone; null: none set (PORTAL_TIME_ZONE). */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ClientsTable {
  client_id: number;
  name: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state_province: string | null;
  country_region: string | null;
  zip_postal_code: string | null;
  phone: string | null;
  /** jsonb: written as JSON text, read as the array. */
  contacts: ColumnType<ClientContact[], string, string>;
  /** The owner scope of the admin who registered it (2: sightstream); null: a firm admin. */
  scope_owner_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProjectsTable {
  project_id: number;
  client_id: number;
  owner_id: number;
  name: string;
  billing_cycle: BillingCycle;
  invoice_currency: Currency;
  is_active: boolean;
  /** Offered as a sub-project of umbrella project 45. */
  is_sub_project: boolean;
  /** jsonb: every detail of the admin form (ProjectDetails), written as JSON text. */
  details: ColumnType<ProjectDetails, string, string | RawBuilder<ProjectDetails>>;
  /** timestamptz: written as the event's ISO instant, read as a Date. */
  changed_at: ColumnType<Date, string, string>;
}

export interface CatalogTables {
  owners: OwnersTable;
  clients: ClientsTable;
  projects: ProjectsTable;
}

/** The catalog's own tables, typed. */
export const catalogTables = readModelTables<CatalogTables>(CATALOG_READ_MODEL);
