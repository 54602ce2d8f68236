import type { EventStore, LogPosition } from '../platform/event-store/event-store.port';

export interface LogReadTotals {
  /** Events delivered, counting repeats. */
  readonly delivered: number;
  /** Distinct event ids delivered. */
  readonly distinct: number;
}

/** Reads the whole log the way a rebuild does (readAll in batches, after the last position seen), applying nothing. */
export async function readWholeLog(store: EventStore, batchSize: number): Promise<LogReadTotals> {
  const seen = new Set<string>();
  let delivered = 0;
  let after: LogPosition | null = null;
  for (;;) {
    const batch = await store.readAll(after, batchSize);
    if (batch.length === 0) break;
    delivered += batch.length;
    for (const event of batch) seen.add(event.id);
    after = batch[batch.length - 1].position;
  }
  return { delivered, distinct: seen.size };
}
