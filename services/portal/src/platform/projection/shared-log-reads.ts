import type { EventStore, LogPosition, RecordedEvent } from '../event-store/event-store.port';

/**
 * One read of the log for every follower of a runner standing at the same position.
 *
 * A runner's projections (or reactors) are woken together by an append and, being caught up,
 * all stand at the same checkpoint: each used to read the same events after it, one query per
 * follower per append (about 36 reads per append in a test run, most of the portal's database
 * traffic). Here a read joins the read of the same position and size already in flight, and a
 * batch that found events is kept for the next followers at that position.
 *
 * Only batches that found events are kept: any such batch is a correct prefix of the log after
 * its position (the store reads gap-safe), so a follower given it later loses nothing and reads
 * again from its end. An empty answer is shared only while in flight, since a read started after
 * an append must see it.
 */
export class SharedLogReads {
  private readonly inFlight = new Map<string, Promise<RecordedEvent[]>>();
  /** The last batches that found events, oldest first. */
  private readonly kept = new Map<string, RecordedEvent[]>();

  constructor(
    private readonly eventStore: Pick<EventStore, 'readAll'>,
    /** How many batches are kept (followers a batch or two apart still share). */
    private readonly keep = 4,
  ) {}

  /** Up to maxCount events strictly after `after`, as `EventStore.readAll`. */
  readAll(after: LogPosition | null, maxCount: number): Promise<RecordedEvent[]> {
    const key = `${after ? `${after.commit}/${after.prepare}` : 'start'}:${maxCount}`;
    const kept = this.kept.get(key);
    if (kept) return Promise.resolve(kept);
    let reading = this.inFlight.get(key);
    if (!reading) {
      reading = this.eventStore.readAll(after, maxCount).then(
        (events) => {
          this.inFlight.delete(key);
          if (events.length > 0) this.keepBatch(key, events);
          return events;
        },
        (error: unknown) => {
          this.inFlight.delete(key);
          throw error;
        },
      );
      this.inFlight.set(key, reading);
    }
    return reading;
  }

  private keepBatch(key: string, events: RecordedEvent[]): void {
    this.kept.delete(key);
    this.kept.set(key, events);
    while (this.kept.size > this.keep) this.kept.delete(this.kept.keys().next().value as string);
  }
}
