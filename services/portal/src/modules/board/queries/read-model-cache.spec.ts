import { describe, expect, it } from '@jest/globals';
import type { Database } from '../../../platform/database/database';
import { ContextRegistry } from '../../../platform/registry/context-registry';
import { ReadModelCache } from './read-model-cache';

/** The cache with its checkpoint reads answered by the test, one by one. */
class TestCache extends ReadModelCache {
  readonly reads: ((position: string) => void)[] = [];

  constructor() {
    super({} as Database, new ContextRegistry());
  }

  protected override checkpointsNow(): Promise<string> {
    return new Promise((resolve) => this.reads.push(resolve));
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ReadModelCache', () => {
  it('callers arriving during a checkpoint read share the next one, never the one begun before them', async () => {
    const cache = new TestCache();
    const first = cache.readModelsPosition();
    const second = cache.readModelsPosition();
    const third = cache.readModelsPosition();
    expect(cache.reads).toHaveLength(1);
    cache.reads[0]('p1');
    expect(await first).toBe('p1');
    await tick();
    // The later two waited for a read that began after they asked: one read for both.
    expect(cache.reads).toHaveLength(2);
    cache.reads[1]('p2');
    expect(await second).toBe('p2');
    expect(await third).toBe('p2');
  });

  it('computes a key once while asked together, keeps it, and drops what was kept at older positions', async () => {
    const cache = new TestCache();
    let computed = 0;
    const compute = async () => ({ computed: ++computed });
    const at = async (position: string) => {
      const asked = cache.readModelsPosition();
      await tick();
      cache.reads.at(-1)!(position);
      return asked;
    };

    const p1 = await at('p1');
    const [a, b] = await Promise.all([cache.get(`${p1}|page`, compute), cache.get(`${p1}|page`, compute)]);
    expect(a).toBe(b);
    expect(await cache.get(`${p1}|page`, compute)).toBe(a);
    expect(computed).toBe(1);

    const p2 = await at('p2');
    const fresh = await cache.get(`${p2}|page`, compute);
    expect(fresh).toEqual({ computed: 2 });
    // Asked again under the old position (a request that read it before the move): computed afresh.
    expect(await cache.get(`${p1}|page`, compute)).toEqual({ computed: 3 });
  });

  it('keeps no failed computation and at most its capacity of answers', async () => {
    const cache = new TestCache();
    await expect(cache.get('k', () => Promise.reject(new Error('read model gone')))).rejects.toThrow();
    expect(await cache.get('k', async () => 'now')).toBe('now');
    for (let i = 0; i <= ReadModelCache.CAPACITY; i++) await cache.get(`key-${i}`, async () => i);
    let recomputed = false;
    await cache.get('key-0', async () => (recomputed = true));
    expect(recomputed).toBe(true);
  });
});
