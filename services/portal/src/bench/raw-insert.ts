import { timesheetValue } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import { tablesOf } from '../platform/database/typed-view';
import { readModelSchema } from '../platform/projection/projection';
import { scopeTransaction } from '../platform/projection/projection-rebuild';
import {
  TIMESHEETS_READ_MODEL,
  timesheetsProjection,
  type TimesheetEntryRow,
} from '../modules/timesheets/projections/timesheets.projection';
import type { TimesheetsDatabase } from '../modules/timesheets/projections/timesheets-tables';
import type { BenchDataset } from './dataset';

/** Where the raw rows go: a schema of the bench's own, tables made by the projection's own DDL. */
export const RAW_SCHEMA = 'bench_raw';

type RawRow = Omit<TimesheetEntryRow, 'verified_at' | 'changed_at'> & {
  verified_at: null;
  changed_at: string;
};

/**
 * The rows the timesheets projection ends up with, computed in memory (names from the dataset,
 * value = hours x 200 truncated as the projection computes it), cut into batches of `batchSize`.
 */
export function rawEntryBatches(dataset: BenchDataset, batchSize: number): RawRow[][] {
  const batches: RawRow[][] = [];
  let current: RawRow[] = [];
  for (const { person, month } of dataset.ledgers()) {
    for (const batch of dataset.ledgerBatches(person, month)) {
      const changedAt = batch.occurredAt.toISOString();
      for (const e of batch.entries) {
        current.push({
          entry_id: e.entryId,
          employee_id: e.employeeId,
          employee_name: person.name,
          project_id: e.projectId,
          project_name: dataset.project(e.projectId).name,
          sub_project_id: e.subProjectId,
          sub_project_name: e.subProjectId === null ? null : dataset.project(e.subProjectId).name,
          date: e.date,
          month,
          hours: e.hours,
          overtime_hours: e.overtimeHours,
          comment: e.comment,
          value: timesheetValue(e.hours),
          version: e.version,
          is_approved: false,
          verified_at: null,
          return_reason: null,
          returned_at: null,
          late_entry: e.lateEntry,
          changed_at: changedAt,
        });
        if (current.length === batchSize) {
          batches.push(current);
          current = [];
        }
      }
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** A fresh `bench_raw` schema with the timesheets projection's tables and indexes. */
export async function createRawTables(db: Database): Promise<void> {
  await sql`drop schema if exists ${sql.id(RAW_SCHEMA)} cascade`.execute(db);
  await sql`create schema ${sql.id(RAW_SCHEMA)}`.execute(db);
  await db.transaction().execute(async (trx) => {
    await scopeTransaction(trx, RAW_SCHEMA);
    await timesheetsProjection.createTables(trx.withSchema(RAW_SCHEMA));
  });
}

/** One multi-row INSERT per batch, each in its own transaction, one after the other (as the runner writes). */
export async function insertRaw(db: Database, batches: readonly RawRow[][]): Promise<number> {
  let rows = 0;
  for (const batch of batches) {
    await db
      .transaction()
      .execute((trx) =>
        tablesOf<TimesheetsDatabase>(trx, RAW_SCHEMA).insertInto('entries').values(batch).execute(),
      );
    rows += batch.length;
  }
  return rows;
}

/**
 * Compares the projection's rows with the raw rows, every column: `missing` raw rows the
 * projection does not have (identically), `extra` projection rows the raw table does not have.
 * 0 and 0 means both paths wrote the same data (a like-for-like comparison).
 */
export async function compareWithProjection(
  db: Database,
): Promise<{ projected: number; missing: number; extra: number }> {
  const projected = sql.id(readModelSchema(TIMESHEETS_READ_MODEL), 'entries');
  const raw = sql.id(RAW_SCHEMA, 'entries');
  const columns = sql`entry_id, employee_id, employee_name, project_id, project_name, sub_project_id,
    sub_project_name, date, month, hours, overtime_hours, comment, value, version, is_approved, verified_at,
    return_reason, returned_at, late_entry, changed_at`;
  const { rows } = await sql<{ projected: string; missing: string; extra: string }>`
    select
      (select count(*) from ${projected})::text as projected,
      (select count(*) from (select ${columns} from ${raw} except select ${columns} from ${projected}) m)::text
        as missing,
      (select count(*) from (select ${columns} from ${projected} except select ${columns} from ${raw}) e)::text
        as extra`.execute(db);
  const row = rows[0];
  return {
    projected: Number(row?.projected ?? 0),
    missing: Number(row?.missing ?? 0),
    extra: Number(row?.extra ?? 0),
  };
}
