import {
  comparePositions,
  type EventStore,
  type LogPosition,
  type Subscription,
} from '../event-store/event-store.port';

interface Waiter {
  readonly after: LogPosition | null;
  readonly resolve: () => void;
}

/**
 * Tells the idle loops of a runner that the log grew. One subscription per runner (started when
 * the first loop goes idle) however many projections it runs; the event store's subscription
 * wakes at once on an append in this process and on NOTIFY from others, so the loops read only
 * when there is something to read. Each wait also ends after `maxWaitMs`, so a stalled
 * subscription only slows things down.
 */
export class LogTail {
  /** The newest position known to exist. */
  private head: LogPosition | null = null;
  private readonly waiters = new Set<Waiter>();
  private subscription: Subscription | null = null;
  private stopped = false;

  constructor(private readonly eventStore: EventStore) {}

  /** Resolves once an event after `after` exists, after `maxWaitMs`, or on stop. */
  waitBeyond(after: LogPosition | null, maxWaitMs: number): Promise<void> {
    if (this.stopped || isAfter(this.head, after)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        after,
        resolve: () => {
          clearTimeout(timeout);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timeout = setTimeout(waiter.resolve, maxWaitMs);
      this.waiters.add(waiter);
      this.subscribe(after);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const waiter of [...this.waiters]) waiter.resolve();
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  private subscribe(after: LogPosition | null): void {
    if (this.subscription || this.stopped) return;
    this.subscription = this.eventStore.subscribeToAll({
      after,
      onEvent: async (event) => {
        if (!isAfter(event.position, this.head)) return;
        this.head = event.position;
        for (const waiter of [...this.waiters]) if (isAfter(this.head, waiter.after)) waiter.resolve();
      },
      onError: () => {
        // The loops' own reads report failures; the waits' timeouts keep them going meanwhile.
      },
    });
  }
}

function isAfter(a: LogPosition | null, b: LogPosition | null): boolean {
  if (a === null) return false;
  if (b === null) return true;
  return comparePositions(a, b) > 0;
}
