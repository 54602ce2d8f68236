import { CommandHandler } from '@nestjs/cqrs';
import type { VehicleDetails } from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { fleetDecider, VEHICLES_STREAM_ID, type VehicleCommand } from '../domain/vehicle-fleet';
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
    readonly details: VehicleDetails,
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
    readonly details: VehicleDetails,
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

async function decide(
  store: EventStore,
  command: VehicleCommand,
  caller: Caller,
): Promise<{ position: LogPosition | null; vehicleId: number }> {
  const outcome = await runCommand(store, VEHICLES_STREAM_ID, fleetDecider, command, caller.context);
  const registered = outcome.events.find((e) => e.type === 'VehicleRegistered');
  const vehicleId =
    command.type === 'RegisterVehicle'
      ? registered
        ? registered.data.vehicleId
        : outcome.state.lastId
      : command.vehicleId;
  return { position: outcome.position, vehicleId };
}

@CommandHandler(RegisterVehicleCommand)
export class RegisterVehicleHandler extends PortalCommandHandler<RegisterVehicleCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly lookups: FleetLookups,
  ) {
    super();
  }

  protected async handle({ caller, details }: RegisterVehicleCommand): Promise<VehicleOutcome> {
    const references = await this.lookups.references(details);
    const command: VehicleCommand = {
      type: 'RegisterVehicle',
      data: details,
      editor: fleetEditorOf(caller.principal),
      references,
    };
    return decide(this.store, command, caller);
  }
}

@CommandHandler(ChangeVehicleDetailsCommand)
export class ChangeVehicleDetailsHandler extends PortalCommandHandler<ChangeVehicleDetailsCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly lookups: FleetLookups,
  ) {
    super();
  }

  protected async handle({
    caller,
    vehicleId,
    details,
  }: ChangeVehicleDetailsCommand): Promise<VehicleOutcome> {
    const current = await this.lookups.currentProjectOf(vehicleId);
    const references = await this.lookups.references(details, current === undefined ? [] : [current]);
    const command: VehicleCommand = {
      type: 'ChangeVehicleDetails',
      vehicleId,
      data: details,
      editor: fleetEditorOf(caller.principal),
      references,
    };
    return decide(this.store, command, caller);
  }
}

@CommandHandler(RemoveVehicleCommand)
export class RemoveVehicleHandler extends PortalCommandHandler<RemoveVehicleCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly lookups: FleetLookups,
  ) {
    super();
  }

  protected async handle({ caller, vehicleId }: RemoveVehicleCommand): Promise<VehicleOutcome> {
    const current = await this.lookups.currentProjectOf(vehicleId);
    const { projectOwners } = await this.lookups.references({}, current === undefined ? [] : [current]);
    const command: VehicleCommand = {
      type: 'RemoveVehicle',
      vehicleId,
      editor: fleetEditorOf(caller.principal),
      references: { projectOwners },
    };
    return decide(this.store, command, caller);
  }
}
