import { type StaffAccessChanged, type StaffMemberRegistered } from '@portal/contracts';
import type { Database } from '../../../platform/database/database';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { userTypeOf, type UserType } from '../domain/staff-member';

/** A row of `rm_staff.staff`. */
export interface StaffRow {
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

export const STAFF_READ_MODEL = 'staff';

const handled = ['StaffMemberRegistered', 'StaffAccessChanged'] as const;
type Handled = (typeof handled)[number];

const accessColumns = {
  isAdmin: 'is_admin',
  isActive: 'is_active',
  needReceipt: 'need_receipt',
  canEditRoster: 'can_edit_roster',
} as const;

const textColumns = [
  'home_phone',
  'mobile_phone',
  'personal_email',
  'business_name',
  'address',
  'city',
  'state',
  'postal_code',
  'dob',
  'driving_license_number',
  'driving_license_state',
] as const;

function rowOf(e: StaffMemberRegistered): StaffRow {
  return {
    staff_id: e.staffId,
    username: e.username.toLowerCase(),
    name: e.name,
    first_name: e.firstName,
    middle_name: e.middleName,
    last_name: e.lastName,
    owner_id: e.ownerId,
    user_type: userTypeOf(e.ownerId),
    is_admin: e.isAdmin,
    is_active: e.isActive,
    need_receipt: e.needReceipt,
    can_edit_roster: e.canEditRoster,
    home_phone: e.homePhone,
    mobile_phone: e.mobilePhone,
    personal_email: e.personalEmail,
    business_name: e.businessName,
    address: e.address,
    city: e.city,
    state: e.state,
    postal_code: e.postalCode,
    dob: e.dob,
    driving_license_number: e.drivingLicenseNumber,
    driving_license_state: e.drivingLicenseState,
  };
}

/** People, their access flags and profile: sign-in, the staff screens, the admin e-mail list. */
export const staffProjection: Projection = {
  name: STAFF_READ_MODEL,
  version: 1,
  eventTypes: handled,

  async createTables(db: Database): Promise<void> {
    let table = db.schema
      .createTable('staff')
      .addColumn('staff_id', 'integer', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('middle_name', 'text')
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('user_type', 'text', (c) => c.notNull())
      .addColumn('is_admin', 'boolean', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('need_receipt', 'boolean', (c) => c.notNull())
      .addColumn('can_edit_roster', 'boolean', (c) => c.notNull());
    for (const column of textColumns) table = table.addColumn(column, 'text');
    await table.execute();
    await db.schema.createIndex('staff_by_owner').on('staff').columns(['owner_id', 'name']).execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    const type = event.type as Handled;
    switch (type) {
      case 'StaffMemberRegistered': {
        const row = rowOf(event.data as StaffMemberRegistered);
        await db
          .insertInto('staff')
          .values(row)
          .onConflict((oc) => oc.column('staff_id').doUpdateSet(row))
          .execute();
        return;
      }
      case 'StaffAccessChanged': {
        const e = event.data as StaffAccessChanged;
        const set: Record<string, boolean> = {};
        for (const [flag, column] of Object.entries(accessColumns)) {
          const value = e[flag as keyof typeof accessColumns];
          if (value !== undefined) set[column] = value;
        }
        if (Object.keys(set).length === 0) return;
        await db.updateTable('staff').set(set).where('staff_id', '=', e.staffId).execute();
        return;
      }
      default: {
        const unknown: never = type;
        return unknown;
      }
    }
  },
};
