import type { CommandContext } from '../../../platform/event-store/command-context';
import { runCommand } from '../../../platform/event-store/decider';
import type { EventStore, LogPosition } from '../../../platform/event-store/event-store.port';
import { staffDecider, staffStreamId, type StaffCommand } from '../domain/staff-member';

/** Loads `staff-{id}`, decides, appends; answers where the last event landed (null: nothing new). */
export async function decideOnStaffMember(
  store: EventStore,
  staffId: number,
  command: StaffCommand,
  context: CommandContext,
): Promise<LogPosition | null> {
  const outcome = await runCommand(store, staffStreamId(staffId), staffDecider, command, context);
  return outcome.position;
}
