import { monthOf, timesheetValue, type TimesheetEntryFields } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../../../platform/database/database';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import {
  applyNameEvent,
  createLocksTable,
  createNameLookupTables,
  lockQuery,
  NAME_LOOKUP_EVENTS,
  personNameSql,
  projectNameSql,
  recordVerifiedPeriod,
  type NameCopies,
} from '../../lookups';
import type { Projection } from '../../../platform/projection/projection';
import { recordedLedgerEvent, type RecordedLedgerEvent } from '../../periods';

/** A recorded TimesheetSubmitted, typed. */
type Submitted = Extract<RecordedLedgerEvent, { type: 'TimesheetSubmitted' }>;

export const TIMESHEETS_READ_MODEL = 'timesheets';

/** A row of `rm_timesheets.entries` as stored (numeric columns read back as text). */
export interface TimesheetEntryRow {
  entry_id: string;
  employee_id: number;
  employee_name: string;
  project_id: number;
  project_name: string;
  sub_project_id: number | null;
  sub_project_name: string | null;
  date: string;
  month: string;
  hours: string;
  overtime_hours: string | null;
  comment: string;
  value: string;
  version: number;
  is_approved: boolean;
  verified_at: Date | string | null;
  changed_at: Date | string;
}

const handled = [
  'TimesheetSubmitted',
  'TimesheetEntryCorrected',
  'TimesheetEntryWithdrawn',
  'PeriodVerified',
  'TimesheetsApproved',
  ...NAME_LOOKUP_EVENTS,
] as const;

/** The entry columns that carry a copy of a project's or person's name. */
const nameCopies: NameCopies = {
  projects: [
    { table: 'entries', idColumn: 'project_id', nameColumn: 'project_name' },
    { table: 'entries', idColumn: 'sub_project_id', nameColumn: 'sub_project_name' },
  ],
  people: [{ table: 'entries', idColumn: 'employee_id', nameColumn: 'employee_name' }],
};

/*
 * Names and the lock come from the projection's own lookup tables as sub-queries of the one
 * INSERT or UPDATE that writes the row: one round trip per event, which is what keeps a rebuild
 * of the whole log fast.
 * (`projectNameSql`, `personNameSql`, `lockQuery` from the shared name lookups).
 */
function entryColumns(db: Database, employeeId: number, fields: TimesheetEntryFields) {
  const month = monthOf(fields.date);
  return {
    project_id: fields.projectId,
    project_name: projectNameSql(db, fields.projectId),
    sub_project_id: fields.subProjectId,
    sub_project_name: fields.subProjectId === null ? null : projectNameSql(db, fields.subProjectId),
    date: fields.date,
    month,
    hours: fields.hours,
    overtime_hours: fields.overtimeHours,
    comment: fields.comment,
    value: timesheetValue(fields.hours),
    verified_at: lockQuery(db, employeeId, fields.projectId, month),
  };
}

function submittedRow(event: Submitted, db: Database) {
  const data = event.data;
  return {
    entry_id: data.entryId,
    employee_id: data.employeeId,
    employee_name: personNameSql(db, data.employeeId),
    ...entryColumns(db, data.employeeId, data),
    version: data.version ?? 1,
    is_approved: false,
    changed_at: event.metadata.occurredAt,
  };
}

/**
 * One INSERT for a run of TimesheetSubmitted events. An entry moved here from another month
 * replaces its old row (same entry id); within one run the last event of an entry wins, since
 * one statement may not touch a row twice.
 */
async function insertSubmitted(events: readonly Submitted[], db: Database): Promise<void> {
  const lastOfEntry = new Map<string, Submitted>();
  for (const event of events) lastOfEntry.set(event.data.entryId, event);
  await db
    .insertInto('entries')
    .values([...lastOfEntry.values()].map((event) => submittedRow(event, db)))
    .onConflict((oc) =>
      oc.column('entry_id').doUpdateSet((eb) => ({
        employee_id: eb.ref('excluded.employee_id'),
        employee_name: eb.ref('excluded.employee_name'),
        project_id: eb.ref('excluded.project_id'),
        project_name: eb.ref('excluded.project_name'),
        sub_project_id: eb.ref('excluded.sub_project_id'),
        sub_project_name: eb.ref('excluded.sub_project_name'),
        date: eb.ref('excluded.date'),
        month: eb.ref('excluded.month'),
        hours: eb.ref('excluded.hours'),
        overtime_hours: eb.ref('excluded.overtime_hours'),
        comment: eb.ref('excluded.comment'),
        value: eb.ref('excluded.value'),
        version: eb.ref('excluded.version'),
        is_approved: eb.ref('excluded.is_approved'),
        verified_at: eb.ref('excluded.verified_at'),
        changed_at: eb.ref('excluded.changed_at'),
      })),
    )
    .execute();
}

/** A batch in log order: runs of TimesheetSubmitted become one INSERT each; anything else one by one. */
async function applyBatch(events: readonly RecordedEvent[], db: Database): Promise<void> {
  let run: Submitted[] = [];
  for (const event of events) {
    const ledgerEvent = recordedLedgerEvent(event);
    if (ledgerEvent.type === 'TimesheetSubmitted') {
      run.push(ledgerEvent);
      continue;
    }
    if (run.length > 0) await insertSubmitted(run, db);
    run = [];
    await applyEvent(event, db);
  }
  if (run.length > 0) await insertSubmitted(run, db);
}

async function applyEvent(recorded: RecordedEvent, db: Database): Promise<void> {
  const at = recorded.metadata.occurredAt;
  const event = recordedLedgerEvent(recorded);
  switch (event.type) {
    case 'TimesheetSubmitted':
      await insertSubmitted([event], db);
      return;
    case 'TimesheetEntryCorrected': {
      const data = event.data;
      await db
        .updateTable('entries')
        .set({
          ...entryColumns(db, data.employeeId, data.after),
          version: data.version,
          changed_at: at,
        })
        .where('entry_id', '=', data.entryId)
        .execute();
      return;
    }
    case 'TimesheetEntryWithdrawn': {
      const data = event.data;
      // Only the row still in the withdrawn month: a moved entry's new row stays.
      await db
        .deleteFrom('entries')
        .where('entry_id', '=', data.entryId)
        .where('month', '=', monthOf(data.before.date))
        .execute();
      return;
    }
    case 'PeriodVerified':
      await recordVerifiedPeriod(db, 'entries', event.data, at);
      return;
    case 'TimesheetsApproved': {
      const data = event.data;
      if (data.entryIds.length === 0) return;
      await db
        .updateTable('entries')
        .set({ is_approved: true, changed_at: at })
        .where('entry_id', 'in', [...data.entryIds])
        .execute();
      return;
    }
    default:
      // The name lookups' events (NAME_LOOKUP_EVENTS).
      await applyNameEvent(recorded, db, nameCopies);
      return;
  }
}

/**
 * `rm_timesheets`: every person's time entries with names, values and approval/verification,
 * and the verified (locked) project-months. Keeps its own small project and people lookups so a
 * row carries its names without reading another context's tables.
 */
export const timesheetsProjection: Projection = {
  name: TIMESHEETS_READ_MODEL,
  version: 1,
  eventTypes: handled,

  async createTables(db: Database): Promise<void> {
    await createNameLookupTables(db);
    await db.schema
      .createTable('entries')
      .addColumn('entry_id', 'uuid', (c) => c.primaryKey())
      .addColumn('employee_id', 'integer', (c) => c.notNull())
      .addColumn('employee_name', 'text', (c) => c.notNull())
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('project_name', 'text', (c) => c.notNull())
      .addColumn('sub_project_id', 'integer')
      .addColumn('sub_project_name', 'text')
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('hours', 'numeric', (c) => c.notNull())
      .addColumn('overtime_hours', 'numeric')
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('value', 'numeric', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('is_approved', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('verified_at', 'timestamptz')
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('entries_by_employee_date')
      .on('entries')
      .columns(['employee_id', 'date'])
      .execute();
    await db.schema
      .createIndex('entries_by_date_project')
      .on('entries')
      .columns(['date', 'project_id'])
      .execute();
    await createLocksTable(db, 'locks_pk');
  },

  apply: applyEvent,
  applyBatch,
};

/** An entry's date and numbers as text (exact decimals, no JS numbers), as the queries select them. */
export const entryTextColumns = () =>
  [
    sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date_text'),
    sql<string>`hours::text`.as('hours_text'),
    sql<string | null>`overtime_hours::text`.as('overtime_text'),
    sql<string>`value::text`.as('value_text'),
  ] as const;

/** Text of a numeric column, as the queries select it. */
export const asText = (column: string) => sql<string>`${sql.ref(column)}::text`;
