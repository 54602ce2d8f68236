import { DomainError } from '../../kernel/domain-error';
import { deriveEventId, eventMetadata, type CommandContext } from './command-context';
import { EventIdConflictError } from './event-id-conflict.error';
import type { StreamSnapshots } from './stream-snapshots';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from './event-store.port';

import type { Decider, DomainEvent } from '../../kernel/decider';

export type { Decider, DomainEvent };

export interface CommandOutcome<S, E> {
  /** The events appended (empty when the command changed nothing). */
  readonly events: readonly E[];
  /** Position of the last appended event; null when nothing was appended. */
  readonly position: LogPosition | null;
  /** The state after the events. */
  readonly state: S;
  /** The stream's revision after the command. */
  readonly revision: bigint | 'no_stream';
}

export interface LoadOptions<E, S = unknown> {
  /** Turns a stored event into what evolve expects (upcasting older schema versions). */
  readonly upcast?: (event: RecordedEvent) => E;
  /**
   * Where this process keeps the stream's state at the revision last loaded, so a load folds only
   * the events after it (a long stream such as the roster's; stream-snapshots.ts).
   */
  readonly snapshots?: StreamSnapshots<S>;
}

export const CONCURRENT_CHANGE_MESSAGE = 'Someone else changed this at the same time. Reload and try again.';

/**
 * How often a command is decided again after losing the append race. Each retry decides on fresh
 * state, so independent changes (two new entries of one month from two tabs) all land; a real
 * conflict (an edit from a version no longer current) is refused by the decider itself. The bound
 * only stops a pathological storm.
 */
export const MAX_DECISION_ATTEMPTS = 25;

/**
 * Commands on one stream in this process take turns (per store), so they never race each other;
 * the retry loop then only has to absorb appends from other processes.
 */
const turns = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

async function inTurn<T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let queues = turns.get(store);
  if (!queues) turns.set(store, (queues = new Map()));
  const previous = queues.get(streamId) ?? Promise.resolve();
  const mine = previous.then(work, work);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  queues.set(streamId, settled);
  try {
    return await mine;
  } finally {
    if (queues.get(streamId) === settled) queues.delete(streamId);
  }
}

/** Random back-off before attempt n (2, 3, ...): up to 2, 4, 8 ... 64 ms, so racers spread out. */
function backOff(attempt: number): Promise<void> {
  const ceiling = 2 ** Math.min(attempt - 1, 6);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

/** By default evolve gets the recorded event itself (type, data, and also metadata if it wants). */
const asDomainEvent = <E>(event: RecordedEvent): E => event as unknown as E;

/** `events` folded onto `state`: by the decider's evolveAll when it has one, else event by event. */
function foldEvents<S, E extends DomainEvent>(
  decider: Pick<Decider<S, unknown, E>, 'evolve' | 'evolveAll'>,
  state: S,
  events: readonly E[],
): S {
  if (events.length === 0) return state;
  if (decider.evolveAll) return decider.evolveAll(state, events);
  return events.reduce((s, e) => decider.evolve(s, e), state);
}

/**
 * Folds a stream into its state; `revision` is what an append after it must expect. With
 * `options.snapshots`, it starts from the state kept at the revision last loaded (when the event
 * there is still the one folded) and reads only the events from it on.
 */
export async function loadState<S, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<S, unknown, E>, 'initialState' | 'evolve' | 'evolveAll'>,
  options: LoadOptions<E, S> = {},
): Promise<{ state: S; revision: bigint | 'no_stream' }> {
  const upcast = options.upcast ?? asDomainEvent<E>;
  const snapshots = options.snapshots;
  const kept = snapshots?.get(store, streamId);
  let recorded = await store.readStream(streamId, kept?.revision ?? 0n);
  let from = decider.initialState();
  let unfolded = recorded;
  if (kept && recorded[0]?.id === kept.eventId) {
    from = kept.state;
    unfolded = recorded.slice(1);
  } else if (kept) {
    // The event folded last is gone or another: the log is not the one folded; start over.
    snapshots?.forget(store, streamId);
    recorded = unfolded = await store.readStream(streamId);
  }
  const state = foldEvents(decider, from, unfolded.map(upcast));
  const last = recorded[recorded.length - 1];
  if (snapshots && last)
    snapshots.keep(store, streamId, { state, revision: last.revision, eventId: last.id });
  return { state, revision: last ? last.revision : 'no_stream' };
}

/**
 * The command-handler shell: load the stream, decide, append at the exact revision loaded, with
 * event ids derived from the command id (so a retried command appends nothing twice). When
 * someone else appended in between, reload and decide again on the fresh state (bounded, with
 * jitter); only when every attempt loses does it answer a conflict (409).
 */
export async function runCommand<S, C, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  context: CommandContext,
  options: LoadOptions<E, S> = {},
): Promise<CommandOutcome<S, E>> {
  return inTurn(store, streamId, () => decideAndAppend(store, streamId, decider, command, context, options));
}

async function decideAndAppend<S, C, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  context: CommandContext,
  options: LoadOptions<E, S>,
): Promise<CommandOutcome<S, E>> {
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) await backOff(attempt);
    const { state, revision } = await loadState(store, streamId, decider, options);
    const events = decider.decide(command, state);
    const log = context.decisionLog;
    if (log?.dryRun) {
      log.decisions.push({ streamId, newStream: revision === 'no_stream', events });
      const after = foldEvents(decider, state, events);
      return { events, position: null, state: after, revision };
    }
    if (events.length === 0) {
      log?.decisions.push({ streamId, newStream: false, events });
      return { events, position: null, state, revision };
    }

    const toAppend: NewEvent[] = events.map((event, index) => ({
      id: deriveEventId(context.commandId, streamId, index),
      type: event.type,
      data: event.data,
      metadata: eventMetadata(context, event.schemaVersion ?? 1),
    }));
    try {
      const result = await store.append(streamId, toAppend, revision);
      const appendedHere =
        result.nextExpectedRevision === (revision === 'no_stream' ? -1n : revision) + BigInt(events.length);
      // A replay of an earlier append (same command id) answers the original result; the state
      // then comes from the log, not from folding the events in a second time.
      const after = appendedHere
        ? foldEvents(decider, state, events)
        : (await loadState(store, streamId, decider, options)).state;
      log?.decisions.push({ streamId, newStream: revision === 'no_stream', events });
      return { events, position: result.position, state: after, revision: result.nextExpectedRevision };
    } catch (error) {
      // The same command id already appended different events: retrying cannot help.
      if (error instanceof EventIdConflictError) throw DomainError.conflict(CONCURRENT_CHANGE_MESSAGE);
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= MAX_DECISION_ATTEMPTS) throw DomainError.conflict(CONCURRENT_CHANGE_MESSAGE);
    }
  }
}
