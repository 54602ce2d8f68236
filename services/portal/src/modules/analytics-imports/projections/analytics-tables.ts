import type { ColumnType } from 'kysely';
import { readModelTables } from '../../../platform/projection/read-model-tables';

/** The projection's name; its tables live in the schema `rm_analytics_imports`. */
export const ANALYTICS_IMPORTS_READ_MODEL = 'analytics_imports';

type Timestamp = ColumnType<Date, string, string>;

/** Every Azure cost upload (the list of past imports). */
export interface AzureImportsTable {
  import_id: string;
  file_name: string;
  row_count: number;
  first_month: string;
  last_month: string;
  imported_at: Timestamp;
  imported_by: string;
}

/** The figures in force: per month, service and currency, from the latest upload holding that month. */
export interface AzureCostsTable {
  month: string;
  service: string;
  currency: string;
  /** numeric: exact; read back as a decimal string. */
  cost: ColumnType<string, string, string>;
  import_id: string;
}

export interface Office365ImportsTable {
  import_id: string;
  file_name: string;
  kind: string;
  report_date: string;
  users: number;
  licensed_users: number;
  active_users: number | null;
  imported_at: Timestamp;
  imported_by: string;
}

export interface Office365LicencesTable {
  import_id: string;
  sku: string;
  assigned: number;
}

export interface AnalyticsImportsTables {
  azure_imports: AzureImportsTable;
  azure_costs: AzureCostsTable;
  office365_imports: Office365ImportsTable;
  office365_licences: Office365LicencesTable;
}

export const analyticsTables = readModelTables<AnalyticsImportsTables>(ANALYTICS_IMPORTS_READ_MODEL);
