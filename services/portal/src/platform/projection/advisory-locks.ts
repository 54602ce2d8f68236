import { Client } from 'pg';
import type { DatabaseHandle } from '../database/database';

/**
 * Which runner instance is the active one for a projection, reactor or rebuild. On PostgreSQL
 * this is a session-level advisory lock held on a connection of its own: when the holder dies,
 * its connection closes, the lock goes away and a standby takes over.
 */
export interface LockSession {
  /** Takes the lock if nobody holds it; false when another session has it. */
  tryAcquire(key: string): Promise<boolean>;
  /** Whether this session still holds the lock (false once its connection was lost). */
  holds(key: string): boolean;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Advisory lock namespace (the first int of pg_try_advisory_lock(int, int)) of the portal's runners. */
export const LOCK_NAMESPACE = 0x706f72;

export class PostgresLockSession implements LockSession {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private readonly held = new Set<string>();
  private closed = false;
  /** pg wants one query at a time per client; the runner's loops share this one. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly onLost: (error: unknown) => void = () => undefined,
  ) {}

  async tryAcquire(key: string): Promise<boolean> {
    if (this.held.has(key)) return true;
    const client = await this.connection();
    const result = await this.serially(() =>
      client.query<{ acquired: boolean }>(
        'select pg_try_advisory_lock($1::int, hashtext($2::text)) as acquired',
        [LOCK_NAMESPACE, key],
      ),
    );
    // The connection may have been lost while the query ran.
    if (result.rows[0]?.acquired && this.client === client) {
      this.held.add(key);
      return true;
    }
    return false;
  }

  holds(key: string): boolean {
    return this.client !== null && this.held.has(key);
  }

  async release(key: string): Promise<void> {
    const client = this.client;
    if (!this.held.delete(key) || !client) return;
    await this.serially(() =>
      client.query('select pg_advisory_unlock($1::int, hashtext($2::text))', [LOCK_NAMESPACE, key]),
    ).catch(() => undefined);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.forget();
    await client?.end().catch(() => undefined);
  }

  private async connection(): Promise<Client> {
    if (this.closed) throw new Error('The lock session is closed');
    if (this.client) return this.client;
    if (!this.connecting) {
      this.connecting = (async () => {
        const client = new Client({ connectionString: this.url, application_name: 'portal-runner-locks' });
        const lost = (error: unknown) => {
          if (this.client !== client) return;
          this.forget();
          this.onLost(error);
        };
        client.on('error', lost);
        client.on('end', () => lost(new Error('lock connection closed')));
        try {
          await client.connect();
        } catch (error) {
          await client.end().catch(() => undefined);
          throw error;
        }
        this.client = client;
        return client;
      })().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private forget(): void {
    this.client = null;
    this.held.clear();
  }
}

/** PGlite is one in-process connection: there is no other instance to lock out. */
export class InProcessLockSession implements LockSession {
  private readonly held = new Set<string>();
  async tryAcquire(key: string): Promise<boolean> {
    this.held.add(key);
    return true;
  }
  holds(key: string): boolean {
    return this.held.has(key);
  }
  async release(key: string): Promise<void> {
    this.held.delete(key);
  }
  async close(): Promise<void> {
    this.held.clear();
  }
}

export function openLockSession(
  handle: Pick<DatabaseHandle, 'kind' | 'url'>,
  onLost?: (error: unknown) => void,
): LockSession {
  if (handle.kind === 'pglite') return new InProcessLockSession();
  if (!handle.url) throw new Error('A PostgreSQL database handle needs its url for the runner locks');
  return new PostgresLockSession(handle.url, onLost);
}
