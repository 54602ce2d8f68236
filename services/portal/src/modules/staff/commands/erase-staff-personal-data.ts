import { CommandHandler } from '@nestjs/cqrs';
import type { StaffErasureOutcome } from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import type { EraseStaffPersonalData } from '../domain/staff-erasure';
import { staffDecider, staffStreamId } from '../domain/staff-member';
import { actorOf } from './update-staff-member';

/** The contracts' StaffErasureOutcome, its position a LogPosition until it is sent (ReadYourWritesInterceptor). */
export type StaffErasureAnswer = Omit<StaffErasureOutcome, 'position'> & {
  readonly position: LogPosition | null;
};

/** POST /api/admin/staff/:id/erase: an admin erases another person's personal data, with a reason. */
@Requires('admin')
export class EraseStaffPersonalDataCommand extends PortalCommand<StaffErasureAnswer> {
  constructor(
    caller: Caller,
    readonly staffId: number,
    readonly reason: string,
  ) {
    super(caller);
  }
}

/**
 * Records StaffPersonalDataErased (the admin as actor), then deletes the person's data key: every
 * value sealed for them, in the log and the read model, stays unreadable; no event is changed.
 * The key is deleted whenever the person is erased, so a process that died between the event and
 * the deletion completes it when the erasure is asked again (which records nothing new).
 */
@CommandHandler(EraseStaffPersonalDataCommand)
export class EraseStaffPersonalDataHandler extends PortalCommandHandler<EraseStaffPersonalDataCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly cipher: PersonalDataCipher,
  ) {
    super();
  }

  protected async handle({
    caller,
    staffId,
    reason,
  }: EraseStaffPersonalDataCommand): Promise<StaffErasureAnswer> {
    const command: EraseStaffPersonalData = {
      type: 'EraseStaffPersonalData',
      data: { staffId, actor: actorOf(caller), reason },
    };
    const stream = staffStreamId(staffId);
    const outcome = await runCommand(this.store, stream, staffDecider, command, caller.context);
    if (outcome.state.registered && outcome.state.erased) await this.cipher.forget(stream);
    return { erased: outcome.events.length > 0, position: outcome.position };
  }
}
