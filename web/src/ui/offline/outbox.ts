import { ApiError } from '../../lib/api';
import type { KeptFile, OutboxAnswer, OutboxEntry, OutboxRequest, OutboxStore } from './outbox-store';

/**
 * Entries that could not be sent for lack of a connection, kept on the device (IndexedDB) and sent
 * in the order they were queued when the connection returns, when the app starts, or on demand.
 * Each keeps the Idempotency-Key made when it was first tried, so however often it is sent the
 * server records it once. A 2xx answer removes it; a 4xx keeps it with the server's message for
 * the person to fix or discard; no answer (or a 5xx, or an ended session) leaves it waiting and
 * stops the run, so nothing is sent ahead of an entry queued before it.
 */

/** How the outbox reaches the server (the app's is outbox-transport.ts; tests pass their own). */
export interface OutboxTransport {
  /** Uploads a kept receipt under its own key; resolves with the server's receipt id. */
  uploadReceipt(file: KeptFile): Promise<string>;
  /** POSTs the JSON body under the key. Both reject with an ApiError (status 0: no answer). */
  post(path: string, body: unknown, idempotencyKey: string): Promise<unknown>;
}

export interface FlushReport {
  readonly sent: readonly OutboxEntry[];
  readonly refused: readonly OutboxEntry[];
  /** False when the run stopped at an entry that could not be sent (no connection). */
  readonly finished: boolean;
}

type Outcome = { readonly outcome: 'sent' } | { readonly outcome: 'refused'; readonly answer: OutboxAnswer };

/** A refusal the person can act on: a 4xx other than an ended session. */
function refusalOf(error: unknown): OutboxAnswer | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status < 400 || error.status >= 500 || error.status === 401) return null;
  return { status: error.status, message: error.message, problems: error.problems };
}

export class Outbox {
  private readonly listeners = new Set<() => void>();
  private running: Promise<FlushReport> | null = null;
  private readonly channel: BroadcastChannel | null;

  constructor(
    private readonly store: OutboxStore,
    private readonly transport: OutboxTransport,
    /** "Now" for `queuedAt` (the app's clock; tests pin it). */
    private readonly now: () => Date = () => new Date(),
    channelName: string | null = null,
  ) {
    // Other tabs of the same person hear of every change, so their counts stay right.
    this.channel =
      channelName && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(channelName) : null;
    if (this.channel) this.channel.onmessage = () => this.notifyHere();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notifyHere(): void {
    for (const listener of this.listeners) listener();
  }

  private changed(): void {
    this.notifyHere();
    this.channel?.postMessage('changed');
  }

  list(owner: number): Promise<OutboxEntry[]> {
    return this.store.list(owner);
  }

  get(id: number): Promise<OutboxEntry | undefined> {
    return this.store.get(id);
  }

  /** Keeps a request of `owner`'s to send later; resolves with its number. */
  async queue(owner: number, request: OutboxRequest): Promise<number> {
    const id = await this.store.add({
      ...request,
      owner,
      queuedAt: this.now().toISOString(),
      state: 'waiting',
      answer: null,
    });
    this.changed();
    return id;
  }

  async discard(id: number): Promise<void> {
    await this.store.remove(id);
    this.changed();
  }

  /**
   * Sends `owner`'s waiting entries in order (and the refused ones again with `retryRefused`, as
   * Send now does). One run at a time: a call during a run gets that run's report.
   */
  flush(owner: number, options: { readonly retryRefused?: boolean } = {}): Promise<FlushReport> {
    this.running ??= this.run(owner, options.retryRefused ?? false).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(owner: number, retryRefused: boolean): Promise<FlushReport> {
    const sent: OutboxEntry[] = [];
    const refused: OutboxEntry[] = [];
    for (const entry of await this.store.list(owner)) {
      if (entry.state === 'refused' && !retryRefused) continue;
      let outcome: Outcome;
      try {
        outcome = await this.sendOne(entry);
      } catch {
        // No answer: the rest stays waiting behind this one.
        return { sent, refused, finished: false };
      }
      if (outcome.outcome === 'sent') {
        await this.store.remove(entry.id);
        sent.push(entry);
      } else {
        const kept: OutboxEntry = { ...entry, state: 'refused', answer: outcome.answer };
        // Discarded while it was being sent: it stays gone.
        if (await this.store.get(entry.id)) await this.store.put(kept);
        refused.push(kept);
      }
      this.changed();
    }
    return { sent, refused, finished: true };
  }

  /** One entry: its receipt first (once), then the request. Throws when nothing answered. */
  private async sendOne(entry: OutboxEntry): Promise<Outcome> {
    let current = entry;
    try {
      if (current.receipt && current.receipt.receiptId === null) {
        const receiptId = await this.transport.uploadReceipt(current.receipt);
        current = {
          ...current,
          receipt: { ...current.receipt, receiptId },
          body: { ...current.body, receiptId },
        };
        await this.store.put(current);
      }
      await this.transport.post(current.path, current.body, current.idempotencyKey);
      return { outcome: 'sent' };
    } catch (error) {
      const answer = refusalOf(error);
      if (answer) return { outcome: 'refused', answer };
      throw error;
    }
  }
}
