import type { LedgerStreamEvent } from '@portal/contracts';
import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import { readModelSchema, type Projection } from '../../../platform/projection/projection';
import { createLocksTable } from '../../lookups';

export const PERIODS_READ_MODEL = 'periods';

/** `rm_periods.locks`: one row per verified (locked) employee, project and month. */
export interface LocksTable {
  employee_id: number;
  project_id: number;
  month: string;
  verified_at: ColumnType<Date | string, string, never>;
}

export interface PeriodsDatabase {
  locks: LocksTable;
}

/** The periods read model, typed (queries read only it). */
export function periodsReadModel(db: Database): Kysely<PeriodsDatabase> {
  return tablesOf<PeriodsDatabase>(db, readModelSchema(PERIODS_READ_MODEL));
}

/**
 * A recorded event of the ledger stream as the stream's typed union (with its metadata): a
 * projection subscribes by type, so the type names the payload.
 */
export type RecordedLedgerEvent = RecordedEvent & LedgerStreamEvent;

export function recordedLedgerEvent(event: RecordedEvent): RecordedLedgerEvent {
  return event as RecordedLedgerEvent;
}

async function apply(recorded: RecordedEvent, handle: Database): Promise<void> {
  const event = recordedLedgerEvent(recorded);
  const db = tablesOf<PeriodsDatabase>(handle);
  switch (event.type) {
    case 'PeriodVerified':
      await db
        .insertInto('locks')
        .values({
          employee_id: event.data.employeeId,
          project_id: event.data.projectId,
          month: event.data.month,
          verified_at: event.metadata.occurredAt,
        })
        .onConflict((oc) => oc.columns(['employee_id', 'project_id', 'month']).doNothing())
        .execute();
      return;
    default:
      return;
  }
}

/** `rm_periods`: the verified (locked) project-months of every ledger, for the lock check. */
export const periodsProjection: Projection = {
  name: PERIODS_READ_MODEL,
  version: 1,
  eventTypes: ['PeriodVerified'],

  createTables: (db: Database) => createLocksTable(db, 'periods_locks_pk'),

  apply,
};
