import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's collector as `--expose-gc` gives it (Node 20: options since V8 11). */
type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => void;

let collector: Collect | null | undefined;

/**
 * The collector, exposed once for the process if the process was not started with `--expose-gc`
 * (a flag set after start-up shows `gc` to contexts made afterwards); null where V8 refuses.
 */
export function heapCollector(): Collect | null {
  if (collector !== undefined) return collector;
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (typeof exposed === 'function') return (collector = exposed);
  try {
    setFlagsFromString('--expose-gc');
    const made: unknown = runInNewContext('gc');
    collector = typeof made === 'function' ? (made as Collect) : null;
  } catch {
    collector = null;
  }
  return collector;
}

/**
 * Bytes in V8's old generation (old space and large objects) and outside the heap for it (buffers'
 * memory): where promoted garbage waits for a full collection.
 */
export function oldGenerationBytes(): number {
  let used = getHeapStatistics().external_memory;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'old_space' || space.space_name === 'large_object_space') {
      used += space.space_used_size;
    }
  }
  return used;
}

/** 32 MB: what an export may leave for V8 to collect before it asks for a collection. */
export const GARBAGE_SLACK_BYTES = 32 * 1024 * 1024;

/**
 * Bounds the garbage a long streamed file leaves behind. A million-event export makes gigabytes
 * of short-lived strings, rows and buffers; some outlive two young collections and are promoted,
 * and V8 lets the old generation grow to several times what is live before it collects it (the
 * audit export: ~30 MB live, 110 MB of old generation, 245 MB resident). `check()`, called
 * between pages, starts a concurrent full collection once the old generation has grown by `slack`
 * since the lowest it was seen, so what the process holds stays near what is live. A collection
 * costs a few milliseconds of pauses (concurrent marking); the figures are in
 * docs/decisions/0221-audit-export-memory-bound.md.
 */
export class GarbageBound {
  private low: number;

  constructor(
    private readonly slack = GARBAGE_SLACK_BYTES,
    private readonly used: () => number = oldGenerationBytes,
    private readonly collect: Collect | null = heapCollector(),
  ) {
    this.low = used();
  }

  /** True when it asked for a collection. */
  check(): boolean {
    const used = this.used();
    if (used < this.low) this.low = used;
    if (!this.collect || used - this.low < this.slack) return false;
    this.collect({ type: 'major', execution: 'async' });
    // Until the collection shows, the old generation is not measured against the old low.
    this.low = used;
    return true;
  }
}
