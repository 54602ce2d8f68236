import type { CommandContext } from '../../../platform/event-store/command-context';
import { runCommand, type Decider } from '../../../platform/event-store/decider';
import type { EventStore, LogPosition } from '../../../platform/event-store/event-store.port';

/** What a catalog, staff or roster command answers: where its last event landed (null: nothing new). */
export interface CommandAnswer {
  readonly position: LogPosition | null;
}

/** Loads the stream, decides, appends (via the shared runCommand), and translates broken rules. */
export async function runRuleCommand<S, C, E extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  context: CommandContext,
): Promise<CommandAnswer> {
  const result = await runCommand(store, streamId, decider, command, context);
  return { position: result.position ?? null };
}

/** True when the stream holds at least one event (the registration that opened it). */
export async function streamExists(store: EventStore, streamId: string): Promise<boolean> {
  const events = await store.readStream(streamId);
  return events.length > 0;
}
