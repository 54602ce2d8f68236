import { EventEmitter } from 'node:events';
import { comparePositions, type LogPosition } from '../event-store/event-store.port';

/**
 * In-process news of checkpoints (read-your-writes): the runners call `notify(name, position)`
 * after each committed batch, so a waiter in the same process neither waits for its next poll
 * nor reads the checkpoint table. Waiters in other processes poll the table.
 */
export class CheckpointSignal {
  private readonly emitter = new EventEmitter();
  private readonly reached = new Map<string, LogPosition>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** A checkpoint committed at `position` (positions only move forward here). */
  notify(name: string, position: LogPosition): void {
    const known = this.reached.get(name);
    if (!known || comparePositions(position, known) > 0) this.reached.set(name, position);
    this.emitter.emit('moved');
  }

  /** The newest committed position of `name` this process has seen, if any. */
  positionOf(name: string): LogPosition | undefined {
    return this.reached.get(name);
  }

  /** Resolves on the next notify (true) or after `timeoutMs` (false), whichever comes first. */
  wait(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (notified: boolean) => {
        clearTimeout(timer);
        this.emitter.off('moved', onMoved);
        resolve(notified);
      };
      const onMoved = () => done(true);
      const timer = setTimeout(() => done(false), Math.max(0, timeoutMs));
      this.emitter.once('moved', onMoved);
    });
  }
}
