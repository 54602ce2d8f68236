import type { StaffSessions } from '../../../platform/auth/staff-sessions';
import type { Clock } from '../../../platform/clock/clock';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { runCommand, type CommandOutcome } from '../../../platform/event-store/decider';
import type { EventStore, LogPosition } from '../../../platform/event-store/event-store.port';
import {
  staffDecider,
  staffStreamId,
  type StaffCommand,
  type StaffEvent,
  type StaffState,
} from '../domain/staff-member';

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

/**
 * A person just deactivated (or asked to be, already inactive) has every session ended at once:
 * their next request is refused, whatever the read model says yet.
 */
export async function endSessionsIfDeactivated(
  staffId: number,
  outcome: CommandOutcome<StaffState, StaffEvent>,
  deactivationAsked: boolean,
  sessions: StaffSessions,
  clock: Clock,
): Promise<void> {
  const person = outcome.state;
  if (!person.registered || person.access.isActive) return;
  const deactivated = outcome.events.some(
    (e) => e.type === 'StaffAccessChanged' && e.data.isActive === false,
  );
  if (!deactivated && !deactivationAsked) return;
  await sessions.endAll({ staffId, username: person.username, at: clock.now() });
}
