import type { EventStore } from './event-store.port';

/** A stream's state as folded up to and including one recorded event. */
export interface StreamSnapshot<S> {
  readonly state: S;
  readonly revision: bigint;
  /** The id of the event at `revision`: a log reset under the same store is noticed by it. */
  readonly eventId: string;
}

/**
 * The state of long streams (the roster's one stream) kept in this process at the revision last
 * loaded, so the next load reads and folds only the events after it instead of the whole history
 * (docs/decisions/0290-roster-stream-snapshot.md). Kept per store instance, never written to the
 * log: the events stay the only truth, and a snapshot is only ever a fold of recorded events (a
 * command's own events are folded in by the next load, from the log). States are treated as
 * immutable: a decider's evolve answers a new state, so a kept one is never changed in place.
 *
 * The loader checks that the event at the kept revision is still the one folded (same id); when
 * not (a log restored or emptied under a running process), it forgets the snapshot and folds the
 * whole stream again. Another process's appends are simply the next events to fold.
 */
export class StreamSnapshots<S> {
  private readonly kept = new WeakMap<EventStore, Map<string, StreamSnapshot<S>>>();

  get(store: EventStore, streamId: string): StreamSnapshot<S> | undefined {
    return this.kept.get(store)?.get(streamId);
  }

  keep(store: EventStore, streamId: string, snapshot: StreamSnapshot<S>): void {
    let streams = this.kept.get(store);
    if (!streams) this.kept.set(store, (streams = new Map()));
    streams.set(streamId, snapshot);
  }

  forget(store: EventStore, streamId: string): void {
    this.kept.get(store)?.delete(streamId);
  }
}
