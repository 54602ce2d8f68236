import { EventEmitter } from 'node:events';

/**
 * In-process wake-up for whoever waits on checkpoints (read-your-writes): the runners call
 * `notify()` after each committed batch so a waiter in the same process does not wait for its
 * next poll. Waiters in other processes poll the checkpoint table.
 */
export class CheckpointSignal {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  notify(): void {
    this.emitter.emit('moved');
  }

  /** Resolves on the next notify or after `timeoutMs`, whichever comes first. */
  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off('moved', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      this.emitter.once('moved', done);
    });
  }
}
