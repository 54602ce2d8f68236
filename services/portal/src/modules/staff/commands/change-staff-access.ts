import { CommandHandler } from '@nestjs/cqrs';
import { StaffSessions } from '../../../platform/auth/staff-sessions';
import { Clock } from '../../../platform/clock/clock';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { staffDecider, staffStreamId, type ChangeStaffAccess } from '../domain/staff-member';
import { endSessionsIfDeactivated } from './staff-stream';
import { actorOf } from './update-staff-member';

export type ChangeStaffAccessInput = ChangeStaffAccess['data'];

/**
 * Sets Is Admin, Is Active, NeedReceipt or canEditRoster (seed, tests); records only the flags that
 * change, with their previous values. Deactivating someone ends their sessions at once. The same
 * rules as UpdateStaffMember: a sightstream admin reaches only owner-2 people (others 404), and no
 * admin deactivates themselves or removes their own admin flag (403).
 * Answers where its event landed (null: nothing changed).
 */
@Requires('admin')
export class ChangeStaffAccessCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly input: ChangeStaffAccessInput,
  ) {
    super(caller);
  }
}

@CommandHandler(ChangeStaffAccessCommand)
export class ChangeStaffAccessHandler extends PortalCommandHandler<ChangeStaffAccessCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly sessions: StaffSessions,
    private readonly clock: Clock,
  ) {
    super();
  }

  protected async handle({ input, caller }: ChangeStaffAccessCommand): Promise<LogPosition | null> {
    const command: ChangeStaffAccess = { type: 'ChangeStaffAccess', data: input, actor: actorOf(caller) };
    const outcome = await runCommand(
      this.store,
      staffStreamId(input.staffId),
      staffDecider,
      command,
      caller.context,
    );
    await endSessionsIfDeactivated(
      input.staffId,
      outcome,
      input.isActive === false,
      this.sessions,
      this.clock,
    );
    return outcome.position;
  }
}
