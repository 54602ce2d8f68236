import {
  monthOf,
  timesheetValue,
  type TimesheetEntryFields,
  type TimesheetStreamEvent,
} from '@portal/contracts';
import type { ColumnType, Insertable, Kysely } from 'kysely';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { createTables, readModelTables } from '../../../platform/projection/read-model-tables';

export const CONTRACTOR_TIME_READ_MODEL = 'contractor-time';

/**
 * `rm_contractor_time.time_values`: the value of each time entry (hours x 200, truncated), which
 * the expense list adds to the claimed expenses as the contractor's total. The expenses context
 * keeps this small table of its own, fed by the timesheet events, instead of reading the
 * timesheets read model.
 */
export interface ContractorTimeReadModel {
  time_values: {
    entry_id: string;
    employee_id: number;
    project_id: number;
    date: ColumnType<Date | string, string, string>;
    month: string;
    /** numeric: a decimal string. */
    value: string;
  };
}

export const contractorTimeReadModel = readModelTables<ContractorTimeReadModel>(CONTRACTOR_TIME_READ_MODEL);

const handled: readonly TimesheetStreamEvent['type'][] = [
  'TimesheetSubmitted',
  'TimesheetEntryCorrected',
  'TimesheetEntryWithdrawn',
];

/** The log stores events untyped; the runner hands this projection only the types it lists. */
const timeEvent = (event: RecordedEvent) => event as RecordedEvent & TimesheetStreamEvent;

function valueColumns(fields: TimesheetEntryFields) {
  return {
    project_id: fields.projectId,
    date: fields.date,
    month: monthOf(fields.date),
    value: timesheetValue(fields.hours),
  };
}

/**
 * One INSERT for a run of TimesheetSubmitted events. An entry moved here from another month
 * replaces its old row (same id); within one run the last event of an entry wins.
 */
async function insertSubmitted(events: readonly RecordedEvent[], db: Kysely<ContractorTimeReadModel>) {
  const rows = new Map<string, Insertable<ContractorTimeReadModel['time_values']>>();
  for (const recorded of events) {
    const event = timeEvent(recorded);
    if (event.type !== 'TimesheetSubmitted') continue;
    const { entryId, employeeId } = event.data;
    rows.set(entryId, { entry_id: entryId, employee_id: employeeId, ...valueColumns(event.data) });
  }
  if (rows.size === 0) return;
  await db
    .insertInto('time_values')
    .values([...rows.values()])
    .onConflict((oc) =>
      oc.column('entry_id').doUpdateSet((eb) => ({
        employee_id: eb.ref('excluded.employee_id'),
        project_id: eb.ref('excluded.project_id'),
        date: eb.ref('excluded.date'),
        month: eb.ref('excluded.month'),
        value: eb.ref('excluded.value'),
      })),
    )
    .execute();
}

async function applyEvent(recorded: RecordedEvent, db: Kysely<ContractorTimeReadModel>): Promise<void> {
  const event = timeEvent(recorded);
  switch (event.type) {
    case 'TimesheetSubmitted':
      await insertSubmitted([recorded], db);
      return;
    case 'TimesheetEntryCorrected':
      await db
        .updateTable('time_values')
        .set(valueColumns(event.data.after))
        .where('entry_id', '=', event.data.entryId)
        .execute();
      return;
    case 'TimesheetEntryWithdrawn':
      // Only the row still in the withdrawn month: a moved entry's new row stays.
      await db
        .deleteFrom('time_values')
        .where('entry_id', '=', event.data.entryId)
        .where('month', '=', monthOf(event.data.before.date))
        .execute();
      return;
  }
}

export const contractorTimeProjection: Projection = {
  name: CONTRACTOR_TIME_READ_MODEL,
  version: 1,
  eventTypes: handled,

  createTables: createTables({
    time_values: {
      columns: {
        entry_id: 'uuid primary key',
        employee_id: 'integer not null',
        project_id: 'integer not null',
        date: 'date not null',
        month: 'text not null',
        value: 'numeric not null',
      },
      indexes: { time_values_by_employee_date: ['employee_id', 'date'] },
    },
  }),

  apply: (event, handle) => applyEvent(event, tablesOf<ContractorTimeReadModel>(handle)),

  /** Runs of TimesheetSubmitted become one INSERT each; anything else is applied one by one. */
  async applyBatch(events, handle): Promise<void> {
    const db = tablesOf<ContractorTimeReadModel>(handle);
    let run: RecordedEvent[] = [];
    for (const event of events) {
      if (event.type === 'TimesheetSubmitted') {
        run.push(event);
        continue;
      }
      await insertSubmitted(run, db);
      run = [];
      await applyEvent(event, db);
    }
    await insertSubmitted(run, db);
  },
};
