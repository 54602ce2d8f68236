import type { ColumnType } from 'kysely';
import { readModelTables } from '../../../platform/projection/read-model-tables';

/** The projection's name; its tables live in the schema `rm_vehicles`. */
export const VEHICLES_READ_MODEL = 'vehicles';

/** The vehicles in the fleet now (a removed vehicle's row is deleted; the log keeps it). */
export interface VehiclesTable {
  vehicle_id: number;
  year: string;
  make: string;
  model: string | null;
  vin: string | null;
  project_id: number;
  issued_to: number;
  /** date: written and read as 'YYYY-MM-DD' text (the column is cast in queries). */
  registry_expire_date: string | null;
  plate_number: string | null;
  drive_license: string | null;
  insurance_company: string;
  financial_institution: string | null;
  easy_tag_number: string | null;
  gas_card_number: string;
  comment: string | null;
  changed_at: ColumnType<Date, string, string>;
}

export interface CodeListEntriesTable {
  list_id: number;
  sub_id: number;
  title: string;
  description: string | null;
}

export interface VehicleTables {
  vehicles: VehiclesTable;
  code_list_entries: CodeListEntriesTable;
}

export const vehicleTables = readModelTables<VehicleTables>(VEHICLES_READ_MODEL);
