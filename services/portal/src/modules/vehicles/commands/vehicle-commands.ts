import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { vehicleMessages, type VehicleInput } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { existing, fleetDecider, VEHICLES_STREAM_ID, type VehicleCommand } from '../domain/vehicle-fleet';
import { DriveLicences } from './drive-licences';
import { fleetEditorOf, FleetLookups } from './fleet-references';

/** What a vehicle command answers: the vehicle, and where its event landed (null: nothing changed). */
export interface VehicleOutcome {
  readonly vehicleId: number;
  readonly position: LogPosition | null;
}

/** POST /api/admin/vehicles: issues a new vehicle (VehicleRegistered). */
@Requires('admin')
export class RegisterVehicleCommand extends PortalCommand<VehicleOutcome> {
  constructor(
    caller: Caller,
    readonly details: VehicleInput,
  ) {
    super(caller);
  }
}

/** PUT /api/admin/vehicles/:id: the whole form; records only what changed (VehicleDetailsChanged). */
@Requires('admin')
export class ChangeVehicleDetailsCommand extends PortalCommand<VehicleOutcome> {
  constructor(
    caller: Caller,
    readonly vehicleId: number,
    readonly details: VehicleInput,
  ) {
    super(caller);
  }
}

/** DELETE /api/admin/vehicles/:id: takes the vehicle out of the fleet (VehicleRemoved); the log keeps it. */
@Requires('admin')
export class RemoveVehicleCommand extends PortalCommand<VehicleOutcome> {
  constructor(
    caller: Caller,
    readonly vehicleId: number,
  ) {
    super(caller);
  }
}

/** The shell every vehicle command shares: look up what the decider checks, decide on `vehicles`. */
// Injectable so its constructor's parameter types are recorded; the handlers inherit them.
@Injectable()
abstract class FleetCommandHandler<C extends PortalCommand<VehicleOutcome>> extends PortalCommandHandler<C> {
  constructor(
    protected readonly store: EventStore,
    protected readonly lookups: FleetLookups,
    protected readonly licences: DriveLicences,
  ) {
    super();
  }

  protected async decide(command: VehicleCommand, caller: Caller): Promise<VehicleOutcome> {
    const outcome = await runCommand(this.store, VEHICLES_STREAM_ID, fleetDecider, command, caller.context);
    if (command.type !== 'RegisterVehicle')
      return { position: outcome.position, vehicleId: command.vehicleId };
    const registered = outcome.events.find((e) => e.type === 'VehicleRegistered');
    // A retried registration (same command id) appended nothing new: the vehicle is the last one.
    return {
      position: outcome.position,
      vehicleId: registered ? registered.data.vehicleId : outcome.state.lastId,
    };
  }
}

@CommandHandler(RegisterVehicleCommand)
export class RegisterVehicleHandler extends FleetCommandHandler<RegisterVehicleCommand> {
  protected async handle({ caller, details }: RegisterVehicleCommand): Promise<VehicleOutcome> {
    const references = await this.lookups.references(details);
    const editor = fleetEditorOf(caller.principal);
    // The licence is sealed with the key of the id the vehicle should get; when another
    // registration takes that id first, the decider refuses and it is sealed again (3 tries).
    for (let attempt = 1; ; attempt++) {
      const { state } = await loadState(this.store, VEHICLES_STREAM_ID, fleetDecider);
      const expected = state.lastId + 1;
      const driveLicense = await this.licences.forNew(expected, details.driveLicense);
      const licenceFor = driveLicense === null ? null : expected;
      const data = { ...details, driveLicense };
      try {
        return await this.decide({ type: 'RegisterVehicle', data, licenceFor, editor, references }, caller);
      } catch (error) {
        if (attempt >= 3 || !isFleetChanged(error)) throw error;
      }
    }
  }
}

@CommandHandler(ChangeVehicleDetailsCommand)
export class ChangeVehicleDetailsHandler extends FleetCommandHandler<ChangeVehicleDetailsCommand> {
  protected async handle({
    caller,
    vehicleId,
    details,
  }: ChangeVehicleDetailsCommand): Promise<VehicleOutcome> {
    const { state } = await loadState(this.store, VEHICLES_STREAM_ID, fleetDecider);
    const current = state.vehicles.get(vehicleId);
    const references = await this.lookups.references(details, current);
    const editor = fleetEditorOf(caller.principal);
    // Unknown or out of scope: refused before any licence is opened.
    existing(state, vehicleId, editor, references);
    const basis = current?.driveLicense ?? null;
    const licence = await this.licences.forChange(vehicleId, basis, details.driveLicense);
    return this.decide(
      {
        type: 'ChangeVehicleDetails',
        vehicleId,
        data: { ...details, driveLicense: licence.stored },
        licence: { basis, before: licence.before },
        editor,
        references,
      },
      caller,
    );
  }
}

@CommandHandler(RemoveVehicleCommand)
export class RemoveVehicleHandler extends FleetCommandHandler<RemoveVehicleCommand> {
  protected async handle({ caller, vehicleId }: RemoveVehicleCommand): Promise<VehicleOutcome> {
    const { projectOwners, staffOwners } = await this.lookups.referencesFor(vehicleId, {});
    const editor = fleetEditorOf(caller.principal);
    const references = { projectOwners, staffOwners };
    return this.decide({ type: 'RemoveVehicle', vehicleId, editor, references }, caller);
  }
}

function isFleetChanged(error: unknown): boolean {
  return error instanceof DomainError && error.message === vehicleMessages.fleetChanged;
}
