import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import type { ChangeStaffAccess } from '../domain/staff-member';
import { decideOnStaffMember } from './staff-stream';

export type ChangeStaffAccessInput = ChangeStaffAccess['data'];

/**
 * Sets Is Admin, Is Active, NeedReceipt or canEditRoster (the admin staff form); records only the
 * flags that change. Answers where its event landed (null: nothing changed).
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
  constructor(private readonly store: EventStore) {
    super();
  }

  protected handle({ input, caller }: ChangeStaffAccessCommand): Promise<LogPosition | null> {
    const command: ChangeStaffAccess = { type: 'ChangeStaffAccess', data: input };
    return decideOnStaffMember(this.store, input.staffId, command, caller.context);
  }
}
