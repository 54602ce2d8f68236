import { sql, type Selectable } from 'kysely';
import type { Database } from '../database/database';
import type { ProjectionCheckpointsTable } from '../database/platform-tables';
import { comparePositions, type LogPosition } from '../event-store/event-store.port';

/**
 * Checkpoints live in `projection_checkpoints` (public schema): one row per projection (its
 * name) and per reactor (`reactor:{name}`). A null position means "nothing read yet".
 */
export interface Checkpoint {
  readonly name: string;
  readonly version: number;
  readonly position: LogPosition | null;
}

type CheckpointRow = Omit<Selectable<ProjectionCheckpointsTable>, 'updated_at'>;

/** A batch found the checkpoint moved by someone else (a rebuild swap or another instance). */
export class CheckpointMovedError extends Error {
  constructor(readonly checkpointName: string) {
    super(`Checkpoint ${checkpointName} was moved by another runner; reloading it`);
    this.name = 'CheckpointMovedError';
  }
}

function checkpoints(db: Database) {
  return db
    .withSchema('public')
    .selectFrom('projection_checkpoints')
    .select(['name', 'version', 'commit_position', 'prepare_position']);
}

function toCheckpoint(row: CheckpointRow): Checkpoint {
  const position =
    row.commit_position === null || row.prepare_position === null
      ? null
      : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
  return { name: row.name, version: Number(row.version), position };
}

export async function readCheckpoint(db: Database, name: string): Promise<Checkpoint | null> {
  const row = await checkpoints(db).where('name', '=', name).executeTakeFirst();
  return row ? toCheckpoint(row) : null;
}

/**
 * The projections without a checkpoint of their code's version: on their first build, or being
 * rebuilt for a new version (the checkpoint is saved at the swap).
 */
export function beingBuilt(
  projections: readonly { readonly name: string; readonly version: number }[],
  checkpoints: readonly Checkpoint[],
): string[] {
  const built = new Set(checkpoints.map((c) => `${c.name}@${c.version}`));
  return projections.filter((p) => !built.has(`${p.name}@${p.version}`)).map((p) => p.name);
}

export async function readCheckpoints(db: Database, names: readonly string[]): Promise<Checkpoint[]> {
  if (names.length === 0) return [];
  const rows = await checkpoints(db).where('name', 'in', names).execute();
  return rows.map(toCheckpoint);
}

/** Locks the checkpoint row for the rest of the transaction (null when there is none). */
export async function lockCheckpoint(trx: Database, name: string): Promise<Checkpoint | null> {
  const row = await checkpoints(trx).where('name', '=', name).forUpdate().executeTakeFirst();
  return row ? toCheckpoint(row) : null;
}

export async function saveCheckpoint(
  db: Database,
  name: string,
  version: number,
  position: LogPosition | null,
): Promise<void> {
  const values = {
    name,
    version,
    commit_position: position === null ? null : position.commit.toString(),
    prepare_position: position === null ? null : position.prepare.toString(),
    updated_at: sql<Date>`now()`,
  };
  await db
    .withSchema('public')
    .insertInto('projection_checkpoints')
    .values(values)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        version: values.version,
        commit_position: values.commit_position,
        prepare_position: values.prepare_position,
        updated_at: values.updated_at,
      }),
    )
    .execute();
}

/** One checkpoint's move from `from` to `to`, made only if it still is at `from` with `version`. */
export interface CheckpointMove {
  readonly name: string;
  readonly version: number;
  readonly from: LogPosition | null;
  readonly to: LogPosition;
}

/**
 * Moves checkpoints in one statement, each only if it still is at its `from` with its `version`
 * (compare-and-set); resolves with the names of those it moved (not those someone else moved).
 * For batches that write nothing else: one round trip instead of a transaction around a lock
 * and a save.
 */
export async function advanceCheckpoints(
  db: Database,
  moves: readonly CheckpointMove[],
): Promise<Set<string>> {
  const text = (value: bigint | undefined) => (value === undefined ? null : value.toString());
  const { rows } = await sql<{ name: string }>`
    update public.projection_checkpoints c
       set commit_position = m.to_commit, prepare_position = m.to_prepare, updated_at = now()
      from unnest(${moves.map((m) => m.name)}::text[], ${moves.map((m) => m.version)}::int[],
                  ${moves.map((m) => text(m.from?.commit))}::numeric[], ${moves.map((m) => text(m.from?.prepare))}::numeric[],
                  ${moves.map((m) => text(m.to.commit))}::numeric[], ${moves.map((m) => text(m.to.prepare))}::numeric[])
           as m(name, version, from_commit, from_prepare, to_commit, to_prepare)
     where c.name = m.name and c.version = m.version
       and c.commit_position is not distinct from m.from_commit
       and c.prepare_position is not distinct from m.from_prepare
    returning c.name`.execute(db);
  return new Set(rows.map((row) => row.name));
}

export function samePosition(a: LogPosition | null, b: LogPosition | null): boolean {
  if (a === null || b === null) return a === b;
  return comparePositions(a, b) === 0;
}

/** Whether `checkpoint` is at or after `position`. */
export function hasReached(checkpoint: LogPosition | null, position: LogPosition): boolean {
  return checkpoint !== null && comparePositions(checkpoint, position) >= 0;
}
