import { describe, expect, it } from '@jest/globals';
import type { Database } from '../database/database';
import type { RecordedEvent } from '../event-store/event-store.port';
import { applyingRuns, lastOfEach } from './event-runs';

const event = (type: string, id: string) => ({ type, id }) as unknown as RecordedEvent;
const db = {} as Database;

describe('applyingRuns', () => {
  it('writes each run of consecutive events of its type at once and applies the others one by one, in log order', async () => {
    const done: string[] = [];
    const applyBatch = applyingRuns(
      (e): e is RecordedEvent => e.type === 'Submitted',
      async (run, handle) => {
        expect(handle).toBe(db);
        done.push(`run ${run.map((e) => e.id).join(',')}`);
      },
      async (e) => {
        done.push(`one ${e.id}`);
      },
    );
    const log = [
      event('Submitted', 'a'),
      event('Submitted', 'b'),
      event('Approved', 'c'),
      event('Submitted', 'd'),
      event('Returned', 'e'),
      event('Verified', 'f'),
      event('Submitted', 'g'),
    ];
    await applyBatch(log, db);
    expect(done).toEqual(['run a,b', 'one c', 'run d', 'one e', 'one f', 'run g']);
  });

  it('writes nothing for a batch without its type', async () => {
    const runs: unknown[] = [];
    const applyBatch = applyingRuns(
      (e): e is RecordedEvent => e.type === 'Submitted',
      async (run) => {
        runs.push(run);
      },
      async () => undefined,
    );
    await applyBatch([event('Approved', 'a')], db);
    await applyBatch([], db);
    expect(runs).toEqual([]);
  });
});

describe('lastOfEach', () => {
  it('keeps the last item of each key, in the place its key first took', () => {
    const items = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'a', n: 3 },
    ];
    expect(lastOfEach(items, (item) => item.id)).toEqual([
      { id: 'a', n: 3 },
      { id: 'b', n: 2 },
    ]);
  });
});
