import { lockSpanOf, monthOf, projectUpdateOf, rowStateOf, type BusinessDate } from '@portal/contracts';
import type {
  PeriodReturnedData,
  RowState,
  PeriodVerifiedData,
  VerifiedKind,
  ProjectOpened,
  ProjectUpdated,
  StaffMemberRegistered,
} from '@portal/contracts';
import { sql, type ColumnType } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { TableSpecs } from '../../../platform/projection/read-model-tables';

/*
 * Pieces shared by projections that keep their own small lookups (project and people names, the
 * verified project-months) so their rows carry names without reading another context's tables.
 * Each projection creates these tables in its own schema; nothing here is shared at runtime.
 */

/** The lookup tables, as each projection that keeps them creates them in its own schema. */
export interface NameLookupTables {
  projects: { project_id: number; name: string };
  people: { staff_id: number; name: string };
  /** Verified (locked) periods; `verified_at` is written as the event's ISO instant. */
  locks: {
    employee_id: number;
    project_id: number;
    month: string;
    /** The verified days of the month, inclusive (the whole month unless a billing period splits it). */
    from_date: ColumnType<Date | string, string, never>;
    through_date: ColumnType<Date | string, string, never>;
    verified_at: ColumnType<Date | string, string, never>;
  };
}

/**
 * A projection's own table whose rows `recordVerifiedPeriod` stamps and `recordReturnedPeriod`
 * reopens (and ledger-rows.ts approves and deletes), as those functions see it (the row id column
 * is named by the caller).
 */
export interface PeriodRowsTable {
  employee_id: number;
  project_id: number;
  month: string;
  date: ColumnType<Date | string, never, never>;
  verified_at: ColumnType<Date | string | null, never, string | null>;
  is_approved: ColumnType<boolean, never, boolean>;
  return_reason: ColumnType<string | null, never, string | null>;
  returned_at: ColumnType<Date | string | null, never, string | null>;
  changed_at: ColumnType<Date | string, never, string>;
  [idColumn: string]: unknown;
}

/**
 * The tables of `NameCopy` entries: named by the projection at run time, so typed here by what
 * a rename writes (a name text keyed by an id).
 */
type NameCopyTables = Record<string, Record<string, ColumnType<unknown, never, string>>>;

/** The lookups of a projection's (scoped) handle. */
const lookupTables = (db: Database) => tablesOf<NameLookupTables>(db);

/** The events that feed the name lookups. */
export const NAME_LOOKUP_EVENTS = ['ProjectOpened', 'ProjectUpdated', 'StaffMemberRegistered'] as const;

/** The name a row shows when the lookup has not seen the project or person (yet). */
export const fallbackProjectName = (projectId: number) => `Project ${projectId}`;
export const fallbackPersonName = (staffId: number) => `Staff ${staffId}`;

/**
 * The lookup tables `nameLookupTables` makes in a read model: today's names of every project
 * and person the log has opened or registered (a past view copies them from the live read model).
 */
export const NAME_LOOKUP_TABLES = ['projects', 'people'] as const;

/** The `projects` and `people` lookup tables, then the `locks` table of verified (employee, project, month, days) periods. */
export function nameLookupTables(locksPrimaryKey: string): TableSpecs<NameLookupTables> {
  return {
    projects: { columns: { project_id: 'integer primary key', name: 'text not null' } },
    people: { columns: { staff_id: 'integer primary key', name: 'text not null' } },
    locks: {
      columns: {
        employee_id: 'integer not null',
        project_id: 'integer not null',
        month: 'text not null',
        from_date: 'date not null',
        through_date: 'date not null',
        verified_at: 'timestamptz not null',
      },
      primaryKey: ['employee_id', 'project_id', 'month', 'from_date'],
      primaryKeyName: locksPrimaryKey,
    },
  };
}

export function projectNameQuery(db: Database, projectId: number) {
  return lookupTables(db).selectFrom('projects').select('name').where('project_id', '=', projectId);
}

export function personNameQuery(db: Database, staffId: number) {
  return lookupTables(db).selectFrom('people').select('name').where('staff_id', '=', staffId);
}

/** A project's name as a sub-query (with its fallback) for the statement that writes a row. */
export function projectNameSql(db: Database, projectId: number) {
  return sql<string>`coalesce((${projectNameQuery(db, projectId)}), ${fallbackProjectName(projectId)})`;
}

/** The verified-at of the lock covering one day of a project in `locks` (no row: editable). */
export function lockQuery(db: Database, employeeId: number, projectId: number, date: BusinessDate) {
  return lookupTables(db)
    .selectFrom('locks')
    .select('verified_at')
    .where('employee_id', '=', employeeId)
    .where('project_id', '=', projectId)
    .where('month', '=', monthOf(date))
    .where('from_date', '<=', date)
    .where('through_date', '>=', date)
    .limit(1);
}

/** A `verified_at` as read (a Date or timestamp text) as an ISO instant; null when not verified. */
export function verifiedAtText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** Where a projection keeps one kind's rows: its table, the row id column and the kind. */
export interface PeriodRows {
  readonly table: string;
  readonly idColumn: string;
  readonly kind: VerifiedKind;
}

/** A row's review as the lists answer it (`state` derived from approval, return and verification). */
export function rowReviewOf(row: {
  is_approved: boolean;
  verified_at: unknown;
  return_reason: string | null;
}): {
  isApproved: boolean;
  verifiedAt: string | null;
  returnReason: string | null;
  state: RowState;
} {
  const review = {
    isApproved: row.is_approved,
    verifiedAt: verifiedAtText(row.verified_at),
    returnReason: row.return_reason,
  };
  return { ...review, state: rowStateOf(review) };
}

/**
 * PeriodVerified of the rows' kind (or of both, events before issue 8): records the lock, stamps
 * `verified_at` on the not yet verified rows of `rows.table` in that period and clears their
 * return reason (verified again after a return). A verification of the other kind changes nothing.
 */
export async function recordVerifiedPeriod(
  db: Database,
  rows: PeriodRows,
  data: PeriodVerifiedData,
  at: string,
): Promise<void> {
  if (data.what !== undefined && data.what !== rows.kind) return;
  const table = rows.table;
  const span = lockSpanOf(data);
  await lookupTables(db)
    .insertInto('locks')
    .values({
      employee_id: data.employeeId,
      project_id: data.projectId,
      month: data.month,
      from_date: span.from,
      through_date: span.through,
      verified_at: at,
    })
    .onConflict((oc) => oc.columns(['employee_id', 'project_id', 'month', 'from_date']).doNothing())
    .execute();
  // Stamps the rows of those days not yet verified and clears every return reason, in one statement.
  await tablesOf<Record<string, PeriodRowsTable>>(db)
    .updateTable(table)
    .set((eb) => ({
      verified_at: eb.fn.coalesce('verified_at', eb.val(at)),
      return_reason: null,
      returned_at: null,
    }))
    .where('employee_id', '=', data.employeeId)
    .where('project_id', '=', data.projectId)
    .where('month', '=', data.month)
    .where('date', '>=', span.from)
    .where('date', '<=', span.through)
    .where((eb) => eb.or([eb('verified_at', 'is', null), eb('return_reason', 'is not', null)]))
    .execute();
}

/**
 * PeriodReturned: the returned rows of this kind (the listed ids; both lists empty: every row of
 * the project in the month) lose approval and verification and carry the reason and when it was
 * given (`returned_at`: the latest return's reason is the one a summary shows); when the return
 * reopens this kind (it returns rows of it, or is whole), its lock goes.
 */
export async function recordReturnedPeriod(
  db: Database,
  rows: PeriodRows,
  data: PeriodReturnedData,
  at: string,
): Promise<void> {
  const whole = data.entryIds.length === 0 && data.expenseIds.length === 0;
  const ids = rows.kind === 'timesheets' ? data.entryIds : data.expenseIds;
  if (!whole && ids.length === 0) return;
  let update = tablesOf<Record<string, PeriodRowsTable>>(db)
    .updateTable(rows.table)
    .set({ is_approved: false, verified_at: null, return_reason: data.reason, returned_at: at })
    .where('employee_id', '=', data.employeeId);
  update = whole
    ? update.where('project_id', '=', data.projectId).where('month', '=', data.month)
    : update.where(rows.idColumn, 'in', [...ids]);
  await update.execute();
  await lookupTables(db)
    .deleteFrom('locks')
    .where('employee_id', '=', data.employeeId)
    .where('project_id', '=', data.projectId)
    .where('month', '=', data.month)
    .execute();
}

/** A column pair of a projection's own table that carries a copy of a looked-up name. */
export interface NameCopy {
  readonly table: string;
  readonly idColumn: string;
  readonly nameColumn: string;
}

export interface NameCopies {
  readonly projects: readonly NameCopy[];
  readonly people: readonly NameCopy[];
}

export type NameChange =
  | { readonly kind: 'project'; readonly id: number; readonly name: string }
  | { readonly kind: 'person'; readonly id: number; readonly name: string };

async function renameCopies(db: Database, copies: readonly NameCopy[], id: number, name: string) {
  for (const copy of copies) {
    await tablesOf<NameCopyTables>(db)
      .updateTable(copy.table)
      .set({ [copy.nameColumn]: name })
      .where(copy.idColumn, '=', id)
      .execute();
  }
}

/** The events that carry names, typed by their payloads. */
type NameEvent =
  | { readonly type: 'ProjectOpened'; readonly data: ProjectOpened }
  | { readonly type: 'ProjectUpdated'; readonly data: ProjectUpdated }
  | { readonly type: 'StaffMemberRegistered'; readonly data: StaffMemberRegistered };

/**
 * Applies a name event (one of NAME_LOOKUP_EVENTS) to the lookups and, when a known name
 * changes, to the rows listed in `copies`. Answers the name it recorded, null when none.
 */
export async function applyNameEvent(
  recorded: RecordedEvent,
  db: Database,
  copies: NameCopies,
): Promise<NameChange | null> {
  // The log stores events untyped: the one conversion to this function's event union.
  const event = recorded as RecordedEvent & NameEvent;
  switch (event.type) {
    case 'ProjectOpened': {
      const { data } = event;
      await lookupTables(db)
        .insertInto('projects')
        .values({ project_id: data.projectId, name: data.name })
        .onConflict((oc) => oc.column('project_id').doUpdateSet({ name: data.name }))
        .execute();
      return { kind: 'project', id: data.projectId, name: data.name };
    }
    case 'ProjectUpdated': {
      const { data } = event;
      // Either version of the event (flat changes, or before → after).
      const { name } = projectUpdateOf(data);
      if (name === undefined) return null;
      await lookupTables(db)
        .updateTable('projects')
        .set({ name })
        .where('project_id', '=', data.projectId)
        .execute();
      await renameCopies(db, copies.projects, data.projectId, name);
      return { kind: 'project', id: data.projectId, name };
    }
    case 'StaffMemberRegistered': {
      const { data } = event;
      await lookupTables(db)
        .insertInto('people')
        .values({ staff_id: data.staffId, name: data.name })
        .onConflict((oc) => oc.column('staff_id').doUpdateSet({ name: data.name }))
        .execute();
      await renameCopies(db, copies.people, data.staffId, data.name);
      return { kind: 'person', id: data.staffId, name: data.name };
    }
    default:
      return null;
  }
}
