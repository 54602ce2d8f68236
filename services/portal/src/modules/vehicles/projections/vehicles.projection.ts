import type { VehicleDetails } from '@portal/contracts';
import type { Updateable } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { handledEvents } from '../../../platform/projection/handled-events';
import type { CodeListEvent } from '../domain/code-lists';
import { vehicleSubject, type VehicleEvent } from '../domain/vehicle-fleet';
import { VEHICLES_READ_MODEL, type VehiclesTable, type VehicleTables } from './vehicle-tables';

export { VEHICLES_READ_MODEL };

/** A reveal changes nothing shown: the projection does not take it. */
type Event = Exclude<VehicleEvent, { type: 'VehicleDriveLicenseRevealed' }> | CodeListEvent;

const handled = handledEvents<Event>(
  'VehicleRegistered',
  'VehicleDetailsChanged',
  'VehicleRemoved',
  'CodeListEntryAdded',
);

/**
 * Seals a licence number an older event holds in the clear; ciphertext and null pass as they are.
 * The vehicles module hands in the cipher.
 */
export interface LegacySealer {
  sealIfPlain(subject: string, value: string | null): Promise<string | null>;
}

/** The columns of the given fields (all of them for a registration, the changed ones for a change). */
async function columnsOf(
  vehicleId: number,
  d: Partial<VehicleDetails>,
  sealer: LegacySealer,
): Promise<Updateable<VehiclesTable>> {
  const set: Updateable<VehiclesTable> = {};
  if (d.year !== undefined) set.year = d.year;
  if (d.make !== undefined) set.make = d.make;
  if (d.model !== undefined) set.model = d.model;
  if (d.vin !== undefined) set.vin = d.vin;
  if (d.projectId !== undefined) set.project_id = d.projectId;
  if (d.issuedTo !== undefined) set.issued_to = d.issuedTo;
  if (d.registryExpireDate !== undefined) set.registry_expire_date = d.registryExpireDate;
  if (d.plateNumber !== undefined) set.plate_number = d.plateNumber;
  if (d.driveLicense !== undefined)
    set.drive_license = await sealer.sealIfPlain(vehicleSubject(vehicleId), d.driveLicense);
  if (d.insuranceCompany !== undefined) set.insurance_company = d.insuranceCompany;
  if (d.financialInstitution !== undefined) set.financial_institution = d.financialInstitution;
  if (d.easyTagNumber !== undefined) set.easy_tag_number = d.easyTagNumber;
  if (d.gasCardNumber !== undefined) set.gas_card_number = d.gasCardNumber;
  if (d.comment !== undefined) set.comment = d.comment;
  return set;
}

/**
 * The fleet and the code lists: the vehicle table, the form's pickers, the expiring panel.
 * Version 2 (issue 9): licence numbers only sealed, older plain ones sealed on the way in.
 */
export const vehiclesProjectionWith = (sealer: LegacySealer): Projection => ({
  name: VEHICLES_READ_MODEL,
  version: 2,
  eventTypes: handled.types,

  async createTables(db: Database): Promise<void> {
    await db.schema
      .createTable('vehicles')
      .addColumn('vehicle_id', 'integer', (c) => c.primaryKey())
      .addColumn('year', 'text', (c) => c.notNull())
      .addColumn('make', 'text', (c) => c.notNull())
      .addColumn('model', 'text')
      .addColumn('vin', 'text')
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('issued_to', 'integer', (c) => c.notNull())
      .addColumn('registry_expire_date', 'text')
      .addColumn('plate_number', 'text')
      .addColumn('drive_license', 'text')
      .addColumn('insurance_company', 'text', (c) => c.notNull())
      .addColumn('financial_institution', 'text')
      .addColumn('easy_tag_number', 'text')
      .addColumn('gas_card_number', 'text', (c) => c.notNull())
      .addColumn('comment', 'text')
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The dashboard asks for the registrations expiring soon.
    await db.schema.createIndex('vehicles_by_expiry').on('vehicles').column('registry_expire_date').execute();
    await db.schema
      .createTable('code_list_entries')
      .addColumn('list_id', 'integer', (c) => c.notNull())
      .addColumn('sub_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addPrimaryKeyConstraint('code_list_entries_pk', ['list_id', 'sub_id'])
      .execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    if (!handled.has(event)) return;
    const rm = tablesOf<VehicleTables>(db);
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'VehicleRegistered': {
        const { vehicleId, ...details } = event.data;
        const values = {
          ...(await columnsOf(vehicleId, details, sealer)),
          changed_at: at,
        } as VehiclesTable & { changed_at: string };
        await rm
          .insertInto('vehicles')
          .values({ ...values, vehicle_id: vehicleId })
          .onConflict((oc) => oc.column('vehicle_id').doUpdateSet(values))
          .execute();
        return;
      }
      case 'VehicleDetailsChanged':
        await rm
          .updateTable('vehicles')
          .set({ ...(await columnsOf(event.data.vehicleId, event.data.after, sealer)), changed_at: at })
          .where('vehicle_id', '=', event.data.vehicleId)
          .execute();
        return;
      case 'VehicleRemoved':
        await rm.deleteFrom('vehicles').where('vehicle_id', '=', event.data.vehicleId).execute();
        return;
      case 'CodeListEntryAdded': {
        const e = event.data;
        await rm
          .insertInto('code_list_entries')
          .values({ list_id: e.listId, sub_id: e.subId, title: e.title, description: e.desc })
          .onConflict((oc) => oc.columns(['list_id', 'sub_id']).doNothing())
          .execute();
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
