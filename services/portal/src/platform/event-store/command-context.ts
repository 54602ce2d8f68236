import { createHash } from 'node:crypto';
import type { Actor, EventMetadata } from './event-store.port';

/** Who asks, under which command id, and when: everything an event's metadata needs. */
export interface CommandContext {
  readonly actor: Actor;
  /** From the Idempotency-Key header, or generated; event ids derive from it. */
  readonly commandId: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly now: Date;
  /**
   * Where `runCommand` notes what its decider decided (a file import counts what it changed). With
   * `dryRun` (an import's check) the handler reads and decides as usual, but nothing is appended.
   */
  readonly decisionLog?: DecisionLog;
}

/** What a stream's decider decided: the events, and whether the stream was new. */
export interface NotedDecision {
  readonly streamId: string;
  readonly newStream: boolean;
  readonly events: readonly { readonly type: string; readonly data: unknown }[];
}

/**
 * Every decision `runCommand` took for a command, in order; in a dry run (`dryRun`) none is
 * appended. A command sent with a dry run's log through the bus is checked by the same handler and
 * decider a real one is.
 */
export class DecisionLog {
  readonly decisions: NotedDecision[] = [];
  constructor(readonly dryRun: boolean) {}
}

export function eventMetadata(context: CommandContext, schemaVersion = 1): EventMetadata {
  return {
    actor: { id: context.actor.id, name: context.actor.name },
    occurredAt: context.now.toISOString(),
    correlationId: context.correlationId,
    causationId: context.causationId,
    commandId: context.commandId,
    schemaVersion,
  };
}

/**
 * A deterministic event id (UUID shape, version 5 style) from the command id, the stream and the
 * event's index in what the command appends: a retried command produces the same ids, so the
 * store's idempotent append writes nothing twice.
 */
export function deriveEventId(commandId: string, streamId: string, index: number): string {
  const hash = createHash('sha1').update(`${commandId}\u0000${streamId}\u0000${index}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
