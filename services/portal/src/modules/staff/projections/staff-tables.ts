import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import { readModelSchema } from '../../../platform/projection/projection';
import type { UserType } from '../domain/staff-member';

/** The projection's name; its table lives in the schema `rm_staff`. */
export const STAFF_READ_MODEL = 'staff';

/** A row of `rm_staff.staff`. */
export interface StaffTable {
  staff_id: number;
  /** Lower-case sign-in address. */
  username: string;
  name: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  owner_id: number;
  user_type: UserType;
  is_admin: boolean;
  is_active: boolean;
  need_receipt: boolean;
  can_edit_roster: boolean;
  home_phone: string | null;
  mobile_phone: string | null;
  personal_email: string | null;
  business_name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  dob: string | null;
  driving_license_number: string | null;
  driving_license_state: string | null;
}

export interface StaffTables {
  staff: StaffTable;
}

/** The staff context's own table, typed. */
export function staffTables(db: Database): Kysely<StaffTables> {
  return tablesOf<StaffTables>(db, readModelSchema(STAFF_READ_MODEL));
}
