import { Injectable } from '@nestjs/common';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { formatPosition } from '../../../platform/event-store/event-store.port';
import { readCheckpoints } from '../../../platform/projection/checkpoints';
import { ContextRegistry } from '../../../platform/registry/context-registry';

/**
 * Answers computed from the read models, kept while the read models stay where they were. An
 * answer is keyed by what it was asked and by the checkpoint (version and log position) of every
 * projection: the first request after any projection moves computes afresh. The checkpoints are
 * read before the read models, so a kept answer is never older than the key it is kept under.
 * Identical requests arriving together share one computation. Whichever process runs the
 * projector, one small read of `projection_checkpoints` tells whether a kept answer still holds.
 */
@Injectable()
export class ReadModelCache {
  /** The most answers kept (least recently used dropped first). */
  static readonly CAPACITY = 32;
  private readonly kept = new Map<string, unknown>();
  private readonly running = new Map<string, Promise<unknown>>();
  /** The checkpoint read in flight, and the one to start after it (shared by whoever waits). */
  private reading: Promise<string> | null = null;
  private nextRead: Promise<string> | null = null;
  /** The newest position read: answers kept under an older one can no longer be asked for. */
  private position: string | null = null;

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly registry: ContextRegistry,
  ) {}

  /**
   * Where every read model stands now, as one key part. Callers arriving together share one read
   * of the checkpoints, but never one that began before they asked: a read in flight may predate
   * the write a caller follows (read-your-writes), so latecomers share the next read instead.
   */
  readModelsPosition(): Promise<string> {
    if (this.nextRead) return this.nextRead;
    if (!this.reading) return this.startRead();
    this.nextRead = this.reading
      .catch(() => undefined)
      .then(() => {
        this.nextRead = null;
        return this.startRead();
      });
    return this.nextRead;
  }

  private startRead(): Promise<string> {
    const reading = this.readCheckpoints().finally(() => {
      if (this.reading === reading) this.reading = null;
    });
    this.reading = reading;
    return reading;
  }

  /** Every projection's checkpoint (name, version, position) as one text. */
  protected async checkpointsNow(): Promise<string> {
    const checkpoints = await readCheckpoints(this.db, this.registry.projectionNames);
    return checkpoints
      .map((c) => `${c.name}@${c.version}:${c.position === null ? '-' : formatPosition(c.position)}`)
      .sort()
      .join(',');
  }

  private async readCheckpoints(): Promise<string> {
    const position = await this.checkpointsNow();
    // Positions only move on (a rebuild changes the version): what was kept before is dead weight.
    if (position !== this.position) {
      this.position = position;
      this.kept.clear();
    }
    return position;
  }

  /**
   * The answer kept under `key` (which must include `readModelsPosition()`), or `compute`'s,
   * kept for the next asker. A failed computation is not kept.
   */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.kept.has(key)) {
      const value = this.kept.get(key) as T;
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, value);
      return value;
    }
    const running = this.running.get(key);
    if (running) return running as Promise<T>;
    const computing = compute().then(
      (value) => {
        this.running.delete(key);
        this.kept.set(key, value);
        while (this.kept.size > ReadModelCache.CAPACITY) this.kept.delete(this.kept.keys().next().value!);
        return value;
      },
      (error: unknown) => {
        this.running.delete(key);
        throw error;
      },
    );
    this.running.set(key, computing);
    return computing;
  }
}
