import type { ColumnType, Generated } from 'kysely';
import type { JobState } from '../queue/job-queue.port';

/*
 * The platform's own tables in the `public` schema, as its migrations (./migrations) create them.
 * pg reads bigint and numeric columns back as text (never JS numbers), jsonb as the parsed value
 * and timestamptz as a Date; jsonb is written as JSON text. The exchange-rates context's tables
 * (`exchange_rates`, `exchange_rate_cache`) are created by the platform's migrations too but typed
 * by that context (modules/exchange-rates/projections/rates-table.ts), which owns them.
 */

/** A jsonb column: read as the stored value, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** `events`: the append-only event log (migration 001). */
export interface EventsTable {
  /** bigserial, as text. */
  position: Generated<string>;
  /** xid8 of the appending transaction, as text. */
  transaction_id: Generated<string>;
  event_id: string;
  stream_id: string;
  /** bigint, as text. */
  revision: string;
  type: string;
  data: Json<unknown>;
  metadata: Json<unknown>;
  recorded_at: Generated<Date>;
  /** Hex sha256 over the event and `previous_hash` (migration 080, docs/events.md "Hash chain"). */
  hash: string;
  /** The hash of the stream's previous event; null at revision 0. */
  previous_hash: string | null;
}

/** `projection_checkpoints`: one row per projection and per reactor (migration 001). */
export interface ProjectionCheckpointsTable {
  name: string;
  version: number;
  /** numeric(20, 0), as text; null: nothing read yet. */
  commit_position: string | null;
  prepare_position: string | null;
  updated_at: Generated<Date>;
}

/** What `command_results.response` holds: a command's first successful answer. */
export interface StoredCommandAnswer {
  readonly status: number;
  /** Method, path and body hash of the request that produced the answer. */
  readonly fingerprint: string;
  readonly hasBody: boolean;
  readonly body: unknown;
  readonly logPosition: string | null;
}

/** `command_results`: answers kept under their Idempotency-Key (migration 001). */
export interface CommandResultsTable {
  command_id: string;
  actor_id: string;
  response: Json<StoredCommandAnswer>;
  created_at: Generated<Date>;
}

/** `jobs`: the in-process queue's jobs (migration 020). */
export interface JobsTable {
  id: string;
  name: string;
  data: Json<unknown>;
  state: Generated<JobState>;
  progress: Generated<number>;
  attempts_made: Generated<number>;
  max_attempts: number;
  run_at: Generated<Date>;
  locked_until: Date | null;
  result: ColumnType<unknown, string | null, string | null>;
  failed_reason: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

/** `mail_outbox`: every mail the portal sent (also delivered over SMTP when SMTP_URL is set; migrations 021, 2026-11-24-010 and 2026-11-26-070). */
export interface MailOutboxTable {
  id: string;
  /** Identity bigint, as text. */
  seq: Generated<string>;
  /** jsonb array of addresses. */
  to: Json<unknown>;
  subject: string;
  text: string;
  html: string | null;
  created_at: Generated<Date>;
  /** The owner whose people the mail is about; null: about no one's data. */
  owner_id: number | null;
  /** Where a reply goes; null: to the sender. */
  reply_to: string | null;
  /** The job that sent it (MailMessage.deliveryId), unique; null: sent outside a job. */
  delivery_id: string | null;
}

/** Jobs kept in PostgreSQL until the relay hands them to BullMQ (platform/queue/outbox-job-queue.ts). */
export interface JobOutboxTable {
  job_id: string;
  name: string;
  data: Json<unknown>;
  created_at: Generated<Date>;
  relayed_at: Date | null;
}

/** `revoked_tokens`: tokens ended by logout, kept until they expire (migration 030). */
export interface RevokedTokensTable {
  token_hash: string;
  expires_at: Date;
  revoked_at: Date;
}

/** `personal_data_keys`: each person's data key, wrapped by the master key (migration 060). */
export interface PersonalDataKeysTable {
  subject: string;
  wrapped_key: string;
  created_at: Generated<Date>;
}

/** `staff_sessions_ended`: tokens issued to the person up to `ended_at` are refused (migration 061). */
export interface StaffSessionsEndedTable {
  staff_id: number;
  username: string;
  ended_at: Date;
}

/** The platform's tables: what the shared `Database` handle is typed with. */
export interface PlatformTables {
  events: EventsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  command_results: CommandResultsTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  job_outbox: JobOutboxTable;
  revoked_tokens: RevokedTokensTable;
  personal_data_keys: PersonalDataKeysTable;
  staff_sessions_ended: StaffSessionsEndedTable;
}
