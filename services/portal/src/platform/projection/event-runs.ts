import type { Database } from '../database/database';
import type { RecordedEvent } from '../event-store/event-store.port';

/**
 * A projection's `applyBatch` for a log where one event type comes in long runs (a month's
 * submissions, a period's replay): each run of consecutive events of that type is written at once
 * by `writeRun`, every other event applied on its own by `apply`, all in log order. It equals
 * applying the events one by one as long as `writeRun` equals applying its run one by one.
 */
export function applyingRuns<T extends RecordedEvent>(
  inRun: (event: RecordedEvent) => event is T,
  writeRun: (run: readonly T[], db: Database) => Promise<void>,
  apply: (event: RecordedEvent, db: Database) => Promise<void>,
): (events: readonly RecordedEvent[], db: Database) => Promise<void> {
  return async (events, db) => {
    let run: T[] = [];
    for (const event of events) {
      if (inRun(event)) {
        run.push(event);
        continue;
      }
      if (run.length > 0) await writeRun(run, db);
      run = [];
      await apply(event, db);
    }
    if (run.length > 0) await writeRun(run, db);
  };
}

/**
 * The last of `items` for each key, each in the place its key first took: one statement may not
 * write a row twice, so a run that changes a row more than once writes only its last change.
 */
export function lastOfEach<T>(items: Iterable<T>, keyOf: (item: T) => string): T[] {
  const last = new Map<string, T>();
  for (const item of items) last.set(keyOf(item), item);
  return [...last.values()];
}
