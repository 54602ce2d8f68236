import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  normaliseVin,
  VEHICLE_IMPORT_COLUMNS,
  vehicleRequestSchema,
  type DataImportProblem,
  type VehicleView,
} from '@portal/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { ChangeVehicleDetailsCommand, ListVehiclesQuery, RegisterVehicleCommand } from '../../../vehicles';
import { cellId, cellText, type ImportCell, type ImportRow } from '../../domain/sheet';
import { countOne, type ImportKind, type ImportReading } from '../import-steps';
import { keyedRowSteps, textKey } from '../keyed-rows';

const V = VEHICLE_IMPORT_COLUMNS;
type VehicleField = keyof typeof V;

/** The form's values of a row: ids as numbers, the rest as text (a blank licence clears it). */
function requestInput(cell: (field: VehicleField) => ImportCell): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of Object.keys(V) as VehicleField[])
    input[field] =
      field === 'projectId' || field === 'issuedTo' ? cellId(cell(field)) : cellText(cell(field));
  return input;
}

/**
 * Vehicles, one a row, keyed by VIN: a VIN no vehicle of the fleet has is registered (the next
 * vehicle id), a known one changed as the vehicle form changes it. Codes (year, make, insurer, gas
 * card) must be in their lists, the project open and the person known: the fleet's decider says so.
 */
@Injectable()
export class VehiclesImport implements ImportKind {
  constructor(private readonly queries: QueryBus) {}

  async prepare(principal: Principal): Promise<ImportReading> {
    const fleet = await this.queries.execute<ListVehiclesQuery, VehicleView[]>(
      new ListVehiclesQuery(principal),
    );
    const byVin = new Map(fleet.filter((v) => v.vin).map((v) => [normaliseVin(v.vin!), v.vehicleId]));
    return {
      steps: (rows: AsyncIterable<ImportRow>, problem: (p: DataImportProblem) => void) =>
        keyedRowSteps<VehicleField, typeof vehicleRequestSchema, string>(rows, problem, {
          columns: V,
          keyField: 'vin',
          keyOf: textKey(normaliseVin),
          schema: vehicleRequestSchema,
          input: requestInput,
          fallbackColumn: V.vin.heading,
          prefix: 'vehicle',
          // One stream holds the fleet: a vehicle is new when it was registered, not when the stream was.
          countsOf: (decisions) => {
            const registered = decisions.some((d) => d.events.some((e) => e.type === 'VehicleRegistered'));
            return registered ? { created: 1, changed: 0, unchanged: 0 } : countOne(decisions);
          },
          command: (vin, request) => {
            const vehicleId = byVin.get(vin);
            return Promise.resolve(
              vehicleId === undefined
                ? (caller) => new RegisterVehicleCommand(caller, request)
                : (caller) => new ChangeVehicleDetailsCommand(caller, vehicleId, request),
            );
          },
        }),
    };
  }
}
