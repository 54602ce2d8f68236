import {
  monthOf,
  timesheetValue,
  type PeriodVerifiedData,
  type ProjectOpened,
  type ProjectUpdated,
  type StaffMemberRegistered,
  type TimesheetEntryCorrectedData,
  type TimesheetEntryFields,
  type TimesheetEntryWithdrawnData,
  type TimesheetsApprovedData,
  type TimesheetSubmittedData,
} from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../../../platform/database/database';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';

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
  'ProjectOpened',
  'ProjectUpdated',
  'StaffMemberRegistered',
] as const;
type Handled = (typeof handled)[number];

/*
 * Names and the lock come from the projection's own lookup tables as sub-queries of the one
 * INSERT or UPDATE that writes the row: one round trip per event, which is what keeps a rebuild
 * of the whole log fast.
 */
function projectName(db: Database, projectId: number) {
  const name = db.selectFrom('projects').select('name').where('project_id', '=', projectId);
  return sql<string>`coalesce((${name}), ${`Project ${projectId}`})`;
}

function employeeName(db: Database, staffId: number) {
  const name = db.selectFrom('people').select('name').where('staff_id', '=', staffId);
  return sql<string>`coalesce((${name}), ${`Staff ${staffId}`})`;
}

function verifiedAt(db: Database, employeeId: number, projectId: number, month: string) {
  return db
    .selectFrom('locks')
    .select('verified_at')
    .where('employee_id', '=', employeeId)
    .where('project_id', '=', projectId)
    .where('month', '=', month);
}

function entryColumns(db: Database, employeeId: number, fields: TimesheetEntryFields) {
  const month = monthOf(fields.date);
  return {
    project_id: fields.projectId,
    project_name: projectName(db, fields.projectId),
    sub_project_id: fields.subProjectId,
    sub_project_name: fields.subProjectId === null ? null : projectName(db, fields.subProjectId),
    date: fields.date,
    month,
    hours: fields.hours,
    overtime_hours: fields.overtimeHours,
    comment: fields.comment,
    value: timesheetValue(fields.hours),
    verified_at: verifiedAt(db, employeeId, fields.projectId, month),
  };
}

function submittedRow(event: RecordedEvent, db: Database) {
  const data = event.data as TimesheetSubmittedData;
  return {
    entry_id: data.entryId,
    employee_id: data.employeeId,
    employee_name: employeeName(db, data.employeeId),
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
async function insertSubmitted(events: readonly RecordedEvent[], db: Database): Promise<void> {
  const lastOfEntry = new Map<string, RecordedEvent>();
  for (const event of events) lastOfEntry.set((event.data as TimesheetSubmittedData).entryId, event);
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
  let run: RecordedEvent[] = [];
  for (const event of events) {
    if (event.type === 'TimesheetSubmitted') {
      run.push(event);
      continue;
    }
    if (run.length > 0) await insertSubmitted(run, db);
    run = [];
    await applyEvent(event, db);
  }
  if (run.length > 0) await insertSubmitted(run, db);
}

async function applyEvent(event: RecordedEvent, db: Database): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type as Handled) {
    case 'TimesheetSubmitted':
      await insertSubmitted([event], db);
      return;
    case 'TimesheetEntryCorrected': {
      const data = event.data as TimesheetEntryCorrectedData;
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
      const data = event.data as TimesheetEntryWithdrawnData;
      // Only the row still in the withdrawn month: a moved entry's new row stays.
      await db
        .deleteFrom('entries')
        .where('entry_id', '=', data.entryId)
        .where('month', '=', monthOf(data.before.date))
        .execute();
      return;
    }
    case 'PeriodVerified': {
      const data = event.data as PeriodVerifiedData;
      await db
        .insertInto('locks')
        .values({
          employee_id: data.employeeId,
          project_id: data.projectId,
          month: data.month,
          verified_at: at,
        })
        .onConflict((oc) => oc.columns(['employee_id', 'project_id', 'month']).doNothing())
        .execute();
      await db
        .updateTable('entries')
        .set({ verified_at: at })
        .where('employee_id', '=', data.employeeId)
        .where('project_id', '=', data.projectId)
        .where('month', '=', data.month)
        .where('verified_at', 'is', null)
        .execute();
      return;
    }
    case 'TimesheetsApproved': {
      const data = event.data as TimesheetsApprovedData;
      if (data.entryIds.length === 0) return;
      await db
        .updateTable('entries')
        .set({ is_approved: true, changed_at: at })
        .where('entry_id', 'in', [...data.entryIds])
        .execute();
      return;
    }
    case 'ProjectOpened': {
      const data = event.data as ProjectOpened;
      await db
        .insertInto('projects')
        .values({ project_id: data.projectId, name: data.name })
        .onConflict((oc) => oc.column('project_id').doUpdateSet({ name: data.name }))
        .execute();
      return;
    }
    case 'ProjectUpdated': {
      const data = event.data as ProjectUpdated;
      if (data.name === undefined) return;
      await db
        .updateTable('projects')
        .set({ name: data.name })
        .where('project_id', '=', data.projectId)
        .execute();
      await db
        .updateTable('entries')
        .set({ project_name: data.name })
        .where('project_id', '=', data.projectId)
        .execute();
      await db
        .updateTable('entries')
        .set({ sub_project_name: data.name })
        .where('sub_project_id', '=', data.projectId)
        .execute();
      return;
    }
    case 'StaffMemberRegistered': {
      const data = event.data as StaffMemberRegistered;
      await db
        .insertInto('people')
        .values({ staff_id: data.staffId, name: data.name })
        .onConflict((oc) => oc.column('staff_id').doUpdateSet({ name: data.name }))
        .execute();
      await db
        .updateTable('entries')
        .set({ employee_name: data.name })
        .where('employee_id', '=', data.staffId)
        .execute();
      return;
    }
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
    await db.schema
      .createTable('projects')
      .addColumn('project_id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('people')
      .addColumn('staff_id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
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
    await db.schema
      .createTable('locks')
      .addColumn('employee_id', 'integer', (c) => c.notNull())
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('verified_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('locks_pk', ['employee_id', 'project_id', 'month'])
      .execute();
  },

  apply: applyEvent,
  applyBatch,
};

/** Text of a numeric column, as the queries select it. */
export const asText = (column: string) => sql<string>`${sql.ref(column)}::text`;
