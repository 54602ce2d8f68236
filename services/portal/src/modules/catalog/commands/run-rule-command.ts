import type { CommandContext } from '../../../platform/event-store/command-context';
import { runCommand, type Decider } from '../../../platform/event-store/decider';
import type { EventStore, LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../platform/http/domain-error';
import { RuleBroken } from '../domain/rule-broken';

/** What a catalog, staff or roster command answers: where its last event landed (null: nothing new). */
export interface CommandAnswer {
  readonly position: LogPosition | null;
}

/** A broken rule of the pure domain becomes the DomainError the HTTP edge knows how to answer. */
export function toDomainError(error: unknown): unknown {
  if (error instanceof RuleBroken) return new DomainError(error.code, error.message, error.problems);
  return error;
}

/** Loads the stream, decides, appends (via the shared runCommand), and translates broken rules. */
export async function runRuleCommand<S, C, E extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  context: CommandContext,
): Promise<CommandAnswer> {
  try {
    const result = await runCommand(store, streamId, decider, command, context);
    return { position: result.position ?? null };
  } catch (error) {
    throw toDomainError(error);
  }
}

/** True when the stream holds at least one event (the registration that opened it). */
export async function streamExists(store: EventStore, streamId: string): Promise<boolean> {
  const events = await store.readStream(streamId);
  return events.length > 0;
}
