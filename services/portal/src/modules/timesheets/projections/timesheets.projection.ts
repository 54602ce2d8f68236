import { monthOf, TIMESHEET_EVENT_TYPES, timesheetValue, type TimesheetEntryFields } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import { executeOverColumns } from '../../../platform/database/column-arrays';
import {
  applyNameEvent,
  fallbackPersonName,
  fallbackProjectName,
  LedgerRowTable,
  lockQuery,
  NAME_LOOKUP_EVENTS,
  personAndProjectColumns,
  projectNameSql,
  reviewColumns,
  ROW_LOOKUP_JOINS,
  type NameCopies,
} from '../../lookups';
import { applyingRuns, lastOfEach } from '../../../platform/projection/event-runs';
import type { Projection } from '../../../platform/projection/projection';
import { createTables } from '../../../platform/projection/read-model-tables';
import { recordedLedgerEvent, type RecordedLedgerEvent } from '../../periods';
import type { TimesheetsDatabase } from './timesheets-tables';

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
  /** The admin's reason while the entry is returned; cleared when its time is verified again. */
  return_reason: string | null;
  /** When the reason was given (the latest return's reason is the one the board shows). */
  returned_at: Date | string | null;
  /**
   * Entered or changed late (an event's `lateEntry`) at least once: the period board's late
   * entries. It stays set; an admin's correction (never late itself) does not clear it.
   */
  late_entry: boolean;
  changed_at: Date | string;
}

/** Where this read model keeps the time rows the period events stamp. */
const timeRows = new LedgerRowTable({ table: 'entries', idColumn: 'entry_id', kind: 'timesheets' });

/** Every event of the ledger's time part, and the name changes its rows copy. */
const handled = [...TIMESHEET_EVENT_TYPES, ...NAME_LOOKUP_EVENTS] as const;

/** The entry columns that carry a copy of a project's or person's name. */
const nameCopies: NameCopies = {
  projects: [
    { table: 'entries', idColumn: 'project_id', nameColumn: 'project_name' },
    { table: 'entries', idColumn: 'sub_project_id', nameColumn: 'sub_project_name' },
  ],
  people: [{ table: 'entries', idColumn: 'employee_id', nameColumn: 'employee_name' }],
};

/*
 * A correction's names and lock come from the projection's own lookup tables as sub-queries of
 * the one UPDATE that writes the row (`projectNameSql`, `lockQuery` from the shared lookups).
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
    verified_at: lockQuery(db, employeeId, fields.projectId, fields.date),
  };
}

/*
 * TimesheetSubmitted runs, the bulk of the log, are written by one raw statement over unnest()
 * arrays (`executeOverColumns`): one round trip and no query building per run.
 */
const INSERT_SUBMITTED = `
  insert into entries (entry_id, employee_id, employee_name, project_id, project_name, sub_project_id,
                       sub_project_name, date, month, hours, overtime_hours, comment, value, version,
                       is_approved, verified_at, late_entry, changed_at)
  select r.entry_id, r.employee_id, coalesce(person.name, r.person_fallback), r.project_id,
         coalesce(project.name, r.project_fallback), r.sub_project_id,
         coalesce(sub_project.name, r.sub_project_fallback), r.date, r.month, r.hours, r.overtime_hours,
         r.comment, r.value, r.version, false, lock.verified_at, r.late_entry, r.changed_at
    from unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::text[], $6::int[], $7::text[],
                $8::date[], $9::text[], $10::numeric[], $11::numeric[], $12::text[], $13::numeric[],
                $14::int[], $15::boolean[], $16::timestamptz[])
         as r(entry_id, employee_id, person_fallback, project_id, project_fallback, sub_project_id,
              sub_project_fallback, date, month, hours, overtime_hours, comment, value, version, late_entry,
              changed_at)
    ${ROW_LOOKUP_JOINS}
    left join projects sub_project on sub_project.project_id = r.sub_project_id
  on conflict (entry_id) do update set
    employee_id = excluded.employee_id, employee_name = excluded.employee_name,
    project_id = excluded.project_id, project_name = excluded.project_name,
    sub_project_id = excluded.sub_project_id, sub_project_name = excluded.sub_project_name,
    date = excluded.date, month = excluded.month, hours = excluded.hours,
    overtime_hours = excluded.overtime_hours, comment = excluded.comment, value = excluded.value,
    version = excluded.version, is_approved = excluded.is_approved, verified_at = excluded.verified_at,
    late_entry = entries.late_entry or excluded.late_entry, changed_at = excluded.changed_at`;

/**
 * One INSERT for a run of TimesheetSubmitted events. An entry moved here from another month
 * replaces its old row (same entry id) but keeps its late flag; within one run the last event of
 * an entry wins (late if any of them was), since one statement may not touch a row twice.
 */
async function insertSubmitted(events: readonly Submitted[], db: Database): Promise<void> {
  const late = new Set(events.filter((event) => event.data.lateEntry).map((event) => event.data.entryId));
  const rows = lastOfEach(events, (event) => event.data.entryId).map(({ data, metadata }) => [
    data.entryId,
    data.employeeId,
    fallbackPersonName(data.employeeId),
    data.projectId,
    fallbackProjectName(data.projectId),
    data.subProjectId,
    data.subProjectId === null ? null : fallbackProjectName(data.subProjectId),
    data.date,
    monthOf(data.date),
    data.hours,
    data.overtimeHours,
    data.comment,
    timesheetValue(data.hours),
    data.version ?? 1,
    late.has(data.entryId),
    metadata.occurredAt,
  ]);
  await executeOverColumns(db, INSERT_SUBMITTED, rows);
}

async function applyEvent(recorded: RecordedEvent, handle: Database): Promise<void> {
  const db = tablesOf<TimesheetsDatabase>(handle);
  const at = recorded.metadata.occurredAt;
  const event = recordedLedgerEvent(recorded);
  switch (event.type) {
    case 'TimesheetSubmitted':
      await insertSubmitted([event], handle);
      return;
    case 'TimesheetEntryCorrected': {
      const data = event.data;
      await db
        .updateTable('entries')
        .set({
          ...entryColumns(handle, data.employeeId, data.after),
          version: data.version,
          // Late once, late for good: an on-time change (an admin's) leaves the flag as it was.
          ...(data.lateEntry ? { late_entry: true } : {}),
          changed_at: at,
        })
        .where('entry_id', '=', data.entryId)
        .execute();
      return;
    }
    case 'TimesheetEntryWithdrawn':
      await timeRows.deleteWithdrawn(handle, event.data.entryId, monthOf(event.data.before.date));
      return;
    case 'PeriodVerified':
    case 'PeriodReturned':
    case 'TimesheetsApproved':
      await timeRows.recordPeriodEvent(handle, event, at);
      return;
    default:
      // The name lookups' events (NAME_LOOKUP_EVENTS).
      await applyNameEvent(recorded, handle, nameCopies);
      return;
  }
}

const isSubmitted = (event: RecordedEvent): event is Submitted => event.type === 'TimesheetSubmitted';

/** A batch in log order: runs of TimesheetSubmitted become one INSERT each; anything else one by one. */
const applyBatch = applyingRuns(isSubmitted, insertSubmitted, applyEvent);

/**
 * `rm_timesheets`: every person's time entries with names, values and approval/verification,
 * and the verified (locked) project-months. Keeps its own small project and people lookups so a
 * row carries its names without reading another context's tables.
 */
export const timesheetsProjection: Projection = {
  name: TIMESHEETS_READ_MODEL,
  // 2: verification per kind (time only), returns (return_reason) and their reopened locks.
  // 3: locks cover days (a billing period may verify part of a month).
  // 4: late_entry (the period board's late entries), returned_at (the latest return's reason).
  version: 4,
  eventTypes: handled,

  createTables: createTables({
    ...timeRows.lookupTables('locks_pk'),
    entries: {
      columns: {
        entry_id: 'uuid primary key',
        ...personAndProjectColumns,
        sub_project_id: 'integer',
        sub_project_name: 'text',
        date: 'date not null',
        month: 'text not null',
        hours: 'numeric not null',
        overtime_hours: 'numeric',
        comment: 'text not null',
        value: 'numeric not null',
        version: 'integer not null',
        ...reviewColumns,
        late_entry: ['boolean', (c) => c.notNull().defaultTo(false)],
        changed_at: 'timestamptz not null',
      },
      indexes: { ...timeRows.employeeDateIndex(), entries_by_date_project: ['date', 'project_id'] },
    },
  }),

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
