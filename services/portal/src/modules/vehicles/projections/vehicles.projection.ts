import type { VehicleDetails } from '@portal/contracts';
import type { Updateable } from 'kysely';
import type { Projection } from '../../../platform/projection/projection';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf } from '../../../platform/projection/read-model-tables';
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
export const vehiclesProjectionWith = (sealer: LegacySealer): Projection =>
  projectionOf<Event, VehicleTables>({
    name: VEHICLES_READ_MODEL,
    version: 2,
    handled,
    tables: {
      vehicles: {
        columns: {
          vehicle_id: 'integer primary key',
          year: 'text not null',
          make: 'text not null',
          model: 'text',
          vin: 'text',
          project_id: 'integer not null',
          issued_to: 'integer not null',
          registry_expire_date: 'text',
          plate_number: 'text',
          drive_license: 'text',
          insurance_company: 'text not null',
          financial_institution: 'text',
          easy_tag_number: 'text',
          gas_card_number: 'text not null',
          comment: 'text',
          changed_at: 'timestamptz not null',
        },
        // The dashboard asks for the registrations expiring soon.
        indexes: { vehicles_by_expiry: ['registry_expire_date'] },
      },
      code_list_entries: {
        columns: {
          list_id: 'integer not null',
          sub_id: 'integer not null',
          title: 'text not null',
          description: 'text',
        },
        primaryKey: ['list_id', 'sub_id'],
      },
    },

    async apply(event, rm): Promise<void> {
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
