import { Injectable } from '@nestjs/common';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { runRuleCommand, type CommandAnswer } from '../../catalog/commands/run-rule-command';
import { staffDecider, staffStreamId, type ChangeStaffAccess } from '../domain/staff-member';

export type ChangeStaffAccessInput = ChangeStaffAccess['data'];

/** Sets Is Admin, Is Active, NeedReceipt or canEditRoster (the admin staff form). */
@Injectable()
export class ChangeStaffAccessHandler {
  constructor(private readonly store: EventStore) {}

  execute(input: ChangeStaffAccessInput, context: CommandContext): Promise<CommandAnswer> {
    return runRuleCommand(
      this.store,
      staffStreamId(input.staffId),
      staffDecider,
      { type: 'ChangeStaffAccess', data: input },
      context,
    );
  }
}
