import { lockSpanOf, type LedgerStreamEvent, type VerifiedKind } from '@portal/contracts';
import type { ColumnType } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { createTables, readModelTables } from '../../../platform/projection/read-model-tables';
import { kindsOf, reopenedKinds } from '../domain/period';

export const PERIODS_READ_MODEL = 'periods';

/** `rm_periods.locks`: one row per verified (locked) employee, project, month, kind and span of days. */
export interface LocksTable {
  employee_id: number;
  project_id: number;
  month: string;
  kind: VerifiedKind;
  /** The verified days of the month, inclusive (the whole month unless a billing period splits it). */
  from_date: ColumnType<Date | string, string, never>;
  through_date: ColumnType<Date | string, string, never>;
  verified_at: ColumnType<Date | string, string, never>;
}

export interface PeriodsDatabase {
  locks: LocksTable;
}

/** The periods read model, typed (queries read only it). */
export const periodsReadModel = readModelTables<PeriodsDatabase>(PERIODS_READ_MODEL);

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
    case 'PeriodVerified': {
      const { employeeId, projectId, month, what } = event.data;
      const span = lockSpanOf(event.data);
      await db
        .insertInto('locks')
        .values(
          kindsOf(what).map((kind) => ({
            employee_id: employeeId,
            project_id: projectId,
            month,
            kind,
            from_date: span.from,
            through_date: span.through,
            verified_at: event.metadata.occurredAt,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['employee_id', 'project_id', 'month', 'kind', 'from_date']).doNothing(),
        )
        .execute();
      return;
    }
    case 'PeriodReturned': {
      const { employeeId, projectId, month } = event.data;
      await db
        .deleteFrom('locks')
        .where('employee_id', '=', employeeId)
        .where('project_id', '=', projectId)
        .where('month', '=', month)
        .where('kind', 'in', [...reopenedKinds(event.data)])
        .execute();
      return;
    }
    default:
      return;
  }
}

/** `rm_periods`: the verified (locked) project-months of every ledger, per kind, for the lock check. */
export const periodsProjection: Projection = {
  name: PERIODS_READ_MODEL,
  // 2: a lock per kind (time, expenses); returns lift them. 3: locks cover days.
  version: 3,
  eventTypes: ['PeriodVerified', 'PeriodReturned'],

  createTables: createTables({
    locks: {
      columns: {
        employee_id: 'integer not null',
        project_id: 'integer not null',
        month: 'text not null',
        kind: 'text not null',
        from_date: 'date not null',
        through_date: 'date not null',
        verified_at: 'timestamptz not null',
      },
      primaryKey: ['employee_id', 'project_id', 'month', 'kind', 'from_date'],
      primaryKeyName: 'periods_locks_pk',
    },
  }),

  apply,
};
