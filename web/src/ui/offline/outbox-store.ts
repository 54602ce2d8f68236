import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { FieldProblem } from '../../lib/api';

/**
 * The offline outbox's storage: one IndexedDB object store of entries, numbered in the order they
 * were queued (the key grows with each one), each the person's own (`owner`, their staff id).
 * A kept receipt is stored as its bytes (an ArrayBuffer clones the same in every browser).
 */

export type OutboxKind = 'timesheet' | 'expense';

/** A receipt chosen while offline: uploaded first when the entry is sent. */
export interface KeptFile {
  readonly name: string;
  readonly type: string;
  readonly bytes: ArrayBuffer;
  /** The upload's own key, made once when queued (the expense's key is another). */
  readonly idempotencyKey: string;
  /** The server's id once uploaded, so a later try sends the expense without uploading again. */
  readonly receiptId: string | null;
}

/** A file chosen offline, as kept: its bytes and a key of its own for the upload. */
export async function keptFile(file: File): Promise<KeptFile> {
  return {
    name: file.name,
    type: file.type || 'application/pdf',
    bytes: await file.arrayBuffer(),
    idempotencyKey: crypto.randomUUID(),
    receiptId: null,
  };
}

/** What a form hands to the outbox: the call as it would have sent it. */
export interface OutboxRequest {
  readonly kind: OutboxKind;
  /** The route's path (`/api/timesheets`). */
  readonly path: string;
  /** The JSON body; an expense's `receiptId` is filled in when its kept receipt is uploaded. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Made once when the form first tried to send; every later try sends the same one. */
  readonly idempotencyKey: string;
  readonly receipt: KeptFile | null;
  /** What the person sees in the list ('Timesheet: Pipeline Integrity Review, 3 days'). */
  readonly summary: string;
}

/** The server's refusal, as the person reads it (never its raw body). */
export interface OutboxAnswer {
  readonly status: number;
  readonly message: string;
  readonly problems: readonly FieldProblem[];
}

export interface OutboxEntry extends OutboxRequest {
  readonly id: number;
  readonly owner: number;
  readonly queuedAt: string;
  /** Waiting: sent at the next chance. Refused: kept with the answer until fixed or discarded. */
  readonly state: 'waiting' | 'refused';
  readonly answer: OutboxAnswer | null;
}

interface OutboxSchema extends DBSchema {
  entries: { key: number; value: OutboxEntry; indexes: { owner: number } };
}

type NewEntry = Omit<OutboxEntry, 'id'>;

export class OutboxStore {
  private db: Promise<IDBPDatabase<OutboxSchema>> | null = null;

  constructor(private readonly name = 'portal-offline-outbox') {}

  private open(): Promise<IDBPDatabase<OutboxSchema>> {
    this.db ??= openDB<OutboxSchema>(this.name, 1, {
      upgrade(db) {
        const entries = db.createObjectStore('entries', { keyPath: 'id', autoIncrement: true });
        entries.createIndex('owner', 'owner');
      },
    });
    return this.db;
  }

  async add(entry: NewEntry): Promise<number> {
    // The key path fills `id`; the value is stored without one.
    return (await this.open()).add('entries', entry as OutboxEntry);
  }

  /** The person's entries, oldest first. */
  async list(owner: number): Promise<OutboxEntry[]> {
    const entries = await (await this.open()).getAllFromIndex('entries', 'owner', owner);
    return entries.sort((a, b) => a.id - b.id);
  }

  async get(id: number): Promise<OutboxEntry | undefined> {
    return (await this.open()).get('entries', id);
  }

  async put(entry: OutboxEntry): Promise<void> {
    await (await this.open()).put('entries', entry);
  }

  async remove(id: number): Promise<void> {
    await (await this.open()).delete('entries', id);
  }
}
