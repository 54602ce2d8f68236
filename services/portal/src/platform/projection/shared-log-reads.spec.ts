import { describe, expect, it } from '@jest/globals';
import type { LogPosition, RecordedEvent } from '../event-store/event-store.port';
import { SharedLogReads } from './shared-log-reads';

const at = (n: number): LogPosition => ({ commit: BigInt(n), prepare: 0n });
const event = (n: number) => ({ type: 'Happened', position: at(n) }) as unknown as RecordedEvent;

/** A log of events 1..head whose reads are counted and answered when `answer()` is called. */
function countedLog(head: number) {
  const reads: (LogPosition | null)[] = [];
  const pending: (() => void)[] = [];
  let failNext = false;
  const store = {
    readAll(after: LogPosition | null, maxCount: number): Promise<RecordedEvent[]> {
      reads.push(after);
      const from = after ? Number(after.commit) + 1 : 1;
      const events = Array.from({ length: Math.max(0, Math.min(maxCount, head - from + 1)) }, (_, i) =>
        event(from + i),
      );
      const failing = failNext;
      failNext = false;
      return new Promise((resolve, reject) =>
        pending.push(() => (failing ? reject(new Error('connection lost')) : resolve(events))),
      );
    },
  };
  return {
    store,
    reads,
    answer: () => pending.splice(0).forEach((settle) => settle()),
    grow: (to: number) => (head = to),
    failNextRead: () => (failNext = true),
  };
}

describe('SharedLogReads', () => {
  it('answers followers at the same position with one read, and a follower at another position with its own', async () => {
    const log = countedLog(5);
    const reads = new SharedLogReads(log.store);
    const first = reads.readAll(at(2), 10);
    const second = reads.readAll(at(2), 10);
    const elsewhere = reads.readAll(at(4), 10);
    log.answer();
    expect((await first).map((e) => Number(e.position.commit))).toEqual([3, 4, 5]);
    expect(await second).toBe(await first);
    expect((await elsewhere).map((e) => Number(e.position.commit))).toEqual([5]);
    expect(log.reads).toEqual([at(2), at(4)]);
  });

  it('keeps a batch that found events for the followers that come later, and reads again past it', async () => {
    const log = countedLog(3);
    const reads = new SharedLogReads(log.store);
    const early = reads.readAll(null, 10);
    log.answer();
    await early;
    log.grow(4);
    expect((await reads.readAll(null, 10)).map((e) => Number(e.position.commit))).toEqual([1, 2, 3]);
    const next = reads.readAll(at(3), 10);
    log.answer();
    expect((await next).map((e) => Number(e.position.commit))).toEqual([4]);
    expect(log.reads).toEqual([null, at(3)]);
  });

  it('never keeps an empty answer: a follower arriving after an append reads the log again', async () => {
    const log = countedLog(3);
    const reads = new SharedLogReads(log.store);
    const empty = reads.readAll(at(3), 10);
    log.answer();
    expect(await empty).toEqual([]);
    log.grow(4);
    const after = reads.readAll(at(3), 10);
    log.answer();
    expect((await after).map((e) => Number(e.position.commit))).toEqual([4]);
    expect(log.reads).toEqual([at(3), at(3)]);
  });

  it('shares a failed read with the followers waiting on it, and the next read tries again', async () => {
    const log = countedLog(2);
    const reads = new SharedLogReads(log.store);
    log.failNextRead();
    const failed = [reads.readAll(null, 10), reads.readAll(null, 10)];
    log.answer();
    for (const read of failed) await expect(read).rejects.toThrow('connection lost');
    const retry = reads.readAll(null, 10);
    log.answer();
    expect(await retry).toHaveLength(2);
    expect(log.reads).toEqual([null, null]);
  });

  it('keeps only the last few batches, and a different batch size is a different read', async () => {
    const log = countedLog(10);
    const reads = new SharedLogReads(log.store, 2);
    for (const n of [1, 2, 3]) {
      const read = reads.readAll(at(n), 1);
      log.answer();
      await read;
    }
    const again = [reads.readAll(at(3), 1), reads.readAll(at(1), 1), reads.readAll(at(3), 2)];
    log.answer();
    await Promise.all(again);
    expect(log.reads).toEqual([at(1), at(2), at(3), at(1), at(3)]);
  });
});
