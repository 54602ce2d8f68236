import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, Requires, type Caller } from '../../../platform/cqrs';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { staffDecider, staffStreamId } from '../domain/staff-member';
import { usernameDecider, usernameStreamId } from '../domain/username-reservation';
import { decideOnStaffMember } from './staff-stream';

/**
 * A person's sign-in address (work e-mail) becomes another (record 0276): directory sync follows a
 * user renamed in the directory. The new address is reserved first (its stream's revision guards
 * the race; taken by someone else: 400 on `username`), then `StaffUsernameChanged {before, after}`
 * is appended to the person's stream, then the old address is released. Each step is idempotent,
 * so a run that stopped halfway completes on the next.
 */
@Requires('admin')
export class ChangeStaffUsernameCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly staffId: number,
    readonly username: string,
  ) {
    super(caller);
  }
}

@CommandHandler(ChangeStaffUsernameCommand)
export class ChangeStaffUsernameHandler extends EventStoreCommandHandler<ChangeStaffUsernameCommand> {
  protected async handle({
    caller,
    staffId,
    username,
  }: ChangeStaffUsernameCommand): Promise<LogPosition | null> {
    const step = (name: string): CommandContext => ({
      ...caller.context,
      commandId: `${caller.context.commandId}:${name}`,
    });
    const [{ state }, holder] = await Promise.all([
      loadState(this.store, staffStreamId(staffId), staffDecider),
      loadState(this.store, usernameStreamId(username), usernameDecider),
    ]);
    const command = {
      type: 'ChangeStaffUsername',
      data: { staffId, username },
      references: { usernameHeldBy: holder.state.heldBy },
    } as const;
    // Every rule first, so a refused change reserves nothing.
    const changes = staffDecider.decide(command, state);
    if (changes.length === 0 || !state.registered) return null;
    const before = state.username;
    await runCommand(
      this.store,
      usernameStreamId(username),
      usernameDecider,
      { type: 'ReserveUsername', data: { username, staffId } },
      step('reserve'),
    );
    const position = await decideOnStaffMember(this.store, staffId, command, step('change'));
    await runCommand(
      this.store,
      usernameStreamId(before),
      usernameDecider,
      { type: 'ReleaseUsername', data: { username: before, staffId } },
      step('release'),
    );
    return position;
  }
}
