import type { StaffMemberRegistered } from '@portal/contracts';
import type { Updateable } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { userTypeOf, type StaffEvent } from '../domain/staff-member';
import { STAFF_READ_MODEL, type StaffTable, type StaffTables } from './staff-tables';

/** Every event of the `staff-{id}` streams. */
const handled = [
  'StaffMemberRegistered',
  'StaffAccessChanged',
] as const satisfies readonly StaffEvent['type'][];

function isStaffEvent(event: RecordedEvent): event is RecordedEvent & StaffEvent {
  return (handled as readonly string[]).includes(event.type);
}

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

function rowOf(e: StaffMemberRegistered): StaffTable {
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
    if (!isStaffEvent(event)) return;
    const rm = tablesOf<StaffTables>(db);
    switch (event.type) {
      case 'StaffMemberRegistered': {
        const row = rowOf(event.data);
        await rm
          .insertInto('staff')
          .values(row)
          .onConflict((oc) => oc.column('staff_id').doUpdateSet(row))
          .execute();
        return;
      }
      case 'StaffAccessChanged': {
        const e = event.data;
        const set: Updateable<StaffTable> = {};
        if (e.isAdmin !== undefined) set.is_admin = e.isAdmin;
        if (e.isActive !== undefined) set.is_active = e.isActive;
        if (e.needReceipt !== undefined) set.need_receipt = e.needReceipt;
        if (e.canEditRoster !== undefined) set.can_edit_roster = e.canEditRoster;
        if (Object.keys(set).length === 0) return;
        await rm.updateTable('staff').set(set).where('staff_id', '=', e.staffId).execute();
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
