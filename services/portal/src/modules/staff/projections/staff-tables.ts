import type { StaffPlainField, StaffSensitiveField } from '@portal/contracts';
import { readModelTables } from '../../../platform/projection/read-model-tables';
import type { UserType } from '../domain/staff-member';

/** The projection's name; its table lives in the schema `rm_staff`. */
export const STAFF_READ_MODEL = 'staff';

/** snake_case column of a profile field ('drivingLicenseNumber' -> 'driving_license_number'). */
export const columnOf = (field: StaffPlainField | StaffSensitiveField) =>
  field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as ProfileColumn;

type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;
/** Every profile column; sensitive ones hold ciphertext ('pd1:…') only. */
export type ProfileColumn = SnakeCase<StaffPlainField | StaffSensitiveField>;

/** A row of `rm_staff.staff`. */
export type StaffTable = {
  staff_id: number;
  /** Lower-case sign-in address. */
  username: string;
  name: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  owner_id: number;
  /** The day they start ('YYYY-MM-DD', version 6); null: not recorded. */
  start_date: string | null;
  user_type: UserType;
  is_admin: boolean;
  is_active: boolean;
  need_receipt: boolean;
  can_edit_roster: boolean;
  /** Issue 11 (version 4): reads the review screens and writes nothing. */
  is_auditor: boolean;
  /** The onboarding checklist: only ticked items are true (jsonb object). */
  checklist: Record<string, boolean>;
  /** How many checklist items are ticked. */
  onboarding_done: number;
  /** ISO instant of the code of conduct acknowledgement; null: not yet. */
  code_of_conduct_acknowledged_at: string | null;
  /** The person's personal data was erased: every personal column is null, screens show 'erased'. */
  personal_data_erased: boolean;
} & Record<ProfileColumn, string | null>;

export interface StaffTables {
  staff: StaffTable;
}

/** The staff context's own table, typed. */
export const staffTables = readModelTables<StaffTables>(STAFF_READ_MODEL);
