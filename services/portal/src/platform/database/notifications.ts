import { Client } from 'pg';
import type { Database } from './database';

/**
 * PostgreSQL NOTIFY as a process-wide wake-up: one listening connection per database handle
 * (hence per process), shared by every subscriber of the event log and the job queue. A wake-up
 * only shortens a wait: whoever listens still reads the table it cares about, and keeps a slow
 * safety poll for notifications lost while the connection was down.
 */

/** Appends to the event log notify here; the payload is the appending transaction's id (xid8). */
export const EVENTS_CHANNEL = 'portal_events';
/** Enqueued jobs notify here (the in-process queue's workers in other processes). */
export const JOBS_CHANNEL = 'portal_jobs';
/** Jobs kept in `job_outbox` notify here (the relays of every process, before BullMQ). */
export const JOB_OUTBOX_CHANNEL = 'portal_job_outbox';
const CHANNELS = [EVENTS_CHANNEL, JOBS_CHANNEL, JOB_OUTBOX_CHANNEL] as const;
export type NotificationChannel = (typeof CHANNELS)[number];

export interface NotificationListener {
  /** A NOTIFY on the channel, with its payload. */
  notify(payload: string): void;
  /** The listening connection is (back) up: notifications sent before may have been missed. */
  resumed?(): void;
}

export interface Notifications {
  /** Registers a listener (the first one opens the connection); returns its removal. */
  listen(channel: NotificationChannel, listener: NotificationListener): () => void;
  /** True while notifications arrive: listeners may then poll rarely. */
  healthy(): boolean;
  close(): Promise<void>;
}

class Listeners {
  private readonly byChannel = new Map<string, Set<NotificationListener>>();

  add(channel: string, listener: NotificationListener): () => void {
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  notify(channel: string, payload: string): void {
    for (const listener of [...(this.byChannel.get(channel) ?? [])]) listener.notify(payload);
  }

  resumed(): void {
    for (const set of this.byChannel.values()) for (const listener of [...set]) listener.resumed?.();
  }

  get size(): number {
    let size = 0;
    for (const set of this.byChannel.values()) size += set.size;
    return size;
  }
}

/**
 * PostgreSQL: a dedicated connection LISTENs on every channel, opened with the first listener.
 * When it drops, it is reopened with backoff (1 s doubling to 30 s). Listeners are told each
 * time it is up, so they read what they may have missed before.
 */
export class PostgresNotifications implements Notifications {
  private readonly listeners = new Listeners();
  private client: Client | null = null;
  private connecting = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  constructor(private readonly url: string) {}

  listen(channel: NotificationChannel, listener: NotificationListener): () => void {
    const remove = this.listeners.add(channel, listener);
    if (!this.client && !this.retryTimer) void this.connect();
    return remove;
  }

  healthy(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.connecting || this.closed) return;
    this.connecting = true;
    const client = new Client({ connectionString: this.url, application_name: 'portal-listen' });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => this.listeners.notify(message.channel, message.payload ?? ''));
    try {
      await client.connect();
      await client.query(CHANNELS.map((channel) => `listen ${channel}`).join('; '));
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.failures = 0;
      // Anything sent before LISTEN took effect (at start or while the connection was down) was missed.
      this.listeners.resumed();
    } catch {
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    } finally {
      this.connecting = false;
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer || this.listeners.size === 0) return;
    this.failures += 1;
    const wait = Math.min(30_000, 1000 * 2 ** (this.failures - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }
}

/** The part of a PGlite instance the notifications use. */
export interface PgliteListen {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

/**
 * PGlite: one in-process backend, so LISTEN sees every NOTIFY of the process. The channels are
 * listened to once, when the database opens, before any transaction could be in progress.
 */
export class PgliteNotifications implements Notifications {
  private readonly listeners = new Listeners();

  static async open(pglite: PgliteListen): Promise<PgliteNotifications> {
    const notifications = new PgliteNotifications();
    for (const channel of CHANNELS) {
      await pglite.listen(channel, (payload) => notifications.listeners.notify(channel, payload));
    }
    return notifications;
  }

  listen(channel: NotificationChannel, listener: NotificationListener): () => void {
    return this.listeners.add(channel, listener);
  }

  healthy(): boolean {
    return true;
  }

  async close(): Promise<void> {
    // The channels go with the PGlite instance.
  }
}

const registry = new WeakMap<Database, Notifications>();

/** Ties a handle's notifications to its Kysely instance (done by openDatabase). */
export function registerNotifications(db: Database, notifications: Notifications): void {
  registry.set(db, notifications);
}

/**
 * The notifications of the database `db` was opened on (openDatabase registers them); undefined
 * for a Kysely instance opened elsewhere or a transaction's handle.
 */
export function notificationsOf(db: Database): Notifications | undefined {
  return registry.get(db);
}
