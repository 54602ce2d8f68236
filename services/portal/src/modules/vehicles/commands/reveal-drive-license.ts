import { CommandHandler } from '@nestjs/cqrs';
import type { VehicleRevealResponse } from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { fleetDecider, VEHICLES_STREAM_ID } from '../domain/vehicle-fleet';
import { DriveLicences } from './drive-licences';
import { fleetEditorOf, FleetLookups } from './fleet-references';

/**
 * POST /api/admin/vehicles/:id/reveal: an admin reads the licence number in the clear. A command,
 * because the reveal is recorded (VehicleDriveLicenseRevealed, the admin as actor) before it answers.
 */
@Requires('admin')
export class RevealDriveLicenseCommand extends PortalCommand<VehicleRevealResponse> {
  constructor(
    caller: Caller,
    readonly vehicleId: number,
  ) {
    super(caller);
  }
}

@CommandHandler(RevealDriveLicenseCommand)
export class RevealDriveLicenseHandler extends PortalCommandHandler<RevealDriveLicenseCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly lookups: FleetLookups,
    private readonly licences: DriveLicences,
  ) {
    super();
  }

  protected async handle({ caller, vehicleId }: RevealDriveLicenseCommand): Promise<VehicleRevealResponse> {
    const { projectOwners, staffOwners } = await this.lookups.referencesFor(vehicleId, {});
    const outcome = await runCommand(
      this.store,
      VEHICLES_STREAM_ID,
      fleetDecider,
      {
        type: 'RevealDriveLicense',
        vehicleId,
        editor: fleetEditorOf(caller.principal),
        references: { projectOwners, staffOwners },
      },
      caller.context,
    );
    const stored = outcome.state.vehicles.get(vehicleId)?.driveLicense ?? null;
    return { vehicleId, driveLicense: await this.licences.open(vehicleId, stored) };
  }
}
