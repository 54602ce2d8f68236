import { Injectable } from '@nestjs/common';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { loadState } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { ownerStreamId } from '../../catalog/domain/owner';
import { runRuleCommand, streamExists, type CommandAnswer } from '../../catalog/commands/run-rule-command';
import { staffDecider, staffStreamId, type RegisterStaffMember } from '../domain/staff-member';
import { usernameDecider, usernameStreamId } from '../domain/username-reservation';

export type RegisterStaffMemberInput = RegisterStaffMember['data'];

/**
 * Registers a person. The sign-in address must be unique across people, which one stream cannot
 * guard: the handler checks the whole command first, then reserves the address in its own stream
 * (`staff-username-{address}`, expected revision guards the race), then appends to `staff-{id}`.
 */
@Injectable()
export class RegisterStaffMemberHandler {
  constructor(private readonly store: EventStore) {}

  async execute(input: RegisterStaffMemberInput, context: CommandContext): Promise<CommandAnswer> {
    const [ownerExists, username, staff] = await Promise.all([
      typeof input.ownerId === 'number' ? streamExists(this.store, ownerStreamId(input.ownerId)) : false,
      typeof input.username === 'string' && input.username.trim() !== ''
        ? loadState(this.store, usernameStreamId(input.username), usernameDecider)
        : null,
      loadState(this.store, staffStreamId(input.staffId), staffDecider),
    ]);
    const command: RegisterStaffMember = {
      type: 'RegisterStaffMember',
      data: input,
      references: { ownerExists, usernameHeldBy: username?.state.heldBy ?? null },
    };
    // Every rule first, so a refused registration reserves nothing.
    staffDecider.decide(command, staff.state);
    await runRuleCommand(
      this.store,
      usernameStreamId(input.username),
      usernameDecider,
      { type: 'ReserveUsername', data: { username: input.username, staffId: input.staffId } },
      context,
    );
    return runRuleCommand(this.store, staffStreamId(input.staffId), staffDecider, command, context);
  }
}
