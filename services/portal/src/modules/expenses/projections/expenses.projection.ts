/*
 * The expenses projection: its batch and per-event apply paths and their shared lookups belong
 * together (the tables are in expenses-tables.ts).
 */
import {
  expenseTypeName,
  monthOf,
  type BusinessDate,
  type ExpenseFields,
  type ExpenseStreamEvent,
  type PeriodStreamEvent,
  type ProjectOpened,
  type ProjectUpdated,
  type StaffMemberRegistered,
} from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import {
  applyNameEvent,
  fallbackPersonName,
  fallbackProjectName,
  LedgerRowTable,
  lockQuery,
  NAME_LOOKUP_EVENTS,
  personAndProjectColumns,
  personNameQuery,
  projectNameQuery,
  reviewColumns,
  type NameCopies,
} from '../../lookups';
import { applyingRuns } from '../../../platform/projection/event-runs';
import type { Projection } from '../../../platform/projection/projection';
import { createTables } from '../../../platform/projection/read-model-tables';
import type { ReceiptUploaded } from '../receipts/receipt-events';
import { insertClaimed, isClaimed } from './expenses-batch';
import { EXPENSES_READ_MODEL, type ExpensesReadModel } from './expenses-tables';

export {
  EXPENSES_READ_MODEL,
  expensesReadModel,
  type ExpenseTable,
  type ExpensesReadModel,
} from './expenses-tables';

/** Every event this projection applies, as one typed union. */
type Handled =
  | ExpenseStreamEvent
  | Extract<PeriodStreamEvent, { type: 'ExpensesApproved' | 'PeriodVerified' | 'PeriodReturned' }>
  | ReceiptUploaded
  | { readonly type: 'ProjectOpened'; readonly data: ProjectOpened }
  | { readonly type: 'ProjectUpdated'; readonly data: ProjectUpdated }
  | { readonly type: 'StaffMemberRegistered'; readonly data: StaffMemberRegistered };

const handled: readonly Handled['type'][] = [
  'ExpenseClaimed',
  'ExpenseCorrected',
  'ExpenseWithdrawn',
  'ExpensesApproved',
  'PeriodVerified',
  'PeriodReturned',
  'ReceiptUploaded',
  ...NAME_LOOKUP_EVENTS,
];

/** Where this read model keeps the expense rows the period events stamp. */
const expenseRows = new LedgerRowTable({ table: 'expenses', idColumn: 'expense_id', kind: 'expenses' });

/** The log stores events untyped; the runner hands this projection only the types it lists. */
const handledEvent = (event: RecordedEvent) => event as RecordedEvent & Handled;

/**
 * Names looked up while applying one batch. The runner hands every event of a batch the same
 * scoped transaction handle, so the cache is keyed by it and dies with the batch; the events
 * that change a name update the cache as they update the tables. The shared lookups (names,
 * locks) read through that handle; this projection's own tables through its typed view `db`.
 */
class BatchLookups {
  readonly projects = new Map<number, string>();
  readonly people = new Map<number, string>();
  readonly receipts = new Map<string, string | null>();
}
const batchCaches = new WeakMap<Database, BatchLookups>();

function lookups(handle: Database): BatchLookups {
  let cache = batchCaches.get(handle);
  if (!cache) {
    cache = new BatchLookups();
    batchCaches.set(handle, cache);
  }
  return cache;
}

/** The expense columns that carry a copy of a project's or person's name. */
const nameCopies: NameCopies = {
  projects: [{ table: 'expenses', idColumn: 'project_id', nameColumn: 'project_name' }],
  people: [{ table: 'expenses', idColumn: 'employee_id', nameColumn: 'employee_name' }],
};

async function projectName(handle: Database, projectId: number): Promise<string> {
  const cache = lookups(handle).projects;
  const cached = cache.get(projectId);
  if (cached !== undefined) return cached;
  const row = await projectNameQuery(handle, projectId).executeTakeFirst();
  const name: string = row?.name ?? fallbackProjectName(projectId);
  cache.set(projectId, name);
  return name;
}

async function employeeName(handle: Database, staffId: number): Promise<string> {
  const cache = lookups(handle).people;
  const cached = cache.get(staffId);
  if (cached !== undefined) return cached;
  const row = await personNameQuery(handle, staffId).executeTakeFirst();
  const name: string = row?.name ?? fallbackPersonName(staffId);
  cache.set(staffId, name);
  return name;
}

async function receiptFileName(
  handle: Database,
  db: Kysely<ExpensesReadModel>,
  receiptId: string | null,
): Promise<string | null> {
  if (receiptId === null) return null;
  const cache = lookups(handle).receipts;
  if (cache.has(receiptId)) return cache.get(receiptId) ?? null;
  const row = await db
    .selectFrom('receipts')
    .select('file_name')
    .where('receipt_id', '=', receiptId)
    .executeTakeFirst();
  const name = row?.file_name ?? null;
  cache.set(receiptId, name);
  return name;
}

async function verifiedAt(
  handle: Database,
  employeeId: number,
  projectId: number,
  date: BusinessDate,
): Promise<Date | string | null> {
  const row = await lockQuery(handle, employeeId, projectId, date).executeTakeFirst();
  return row?.verified_at ?? null;
}

async function expenseColumns(
  handle: Database,
  db: Kysely<ExpensesReadModel>,
  employeeId: number,
  fields: ExpenseFields,
) {
  const month = monthOf(fields.date);
  return {
    project_id: fields.projectId,
    project_name: await projectName(handle, fields.projectId),
    category_id: fields.categoryId,
    category_name: expenseTypeName(fields.categoryId),
    date: fields.date,
    month,
    activity_date: fields.activityDate,
    currency: fields.currency,
    amount: fields.amount,
    total_amount: fields.totalAmount,
    rate: fields.rate,
    project_currency: fields.projectCurrency,
    claimed: fields.claimed,
    is_billable: fields.isBillable,
    comment: fields.comment,
    receipt_id: fields.receiptId,
    receipt_file_name: await receiptFileName(handle, db, fields.receiptId),
    group_id: fields.groupId,
    verified_at: await verifiedAt(handle, employeeId, fields.projectId, fields.date),
  };
}

async function applyEvent(recorded: RecordedEvent, handle: Database): Promise<void> {
  const db = tablesOf<ExpensesReadModel>(handle);
  const event = handledEvent(recorded);
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'ExpenseClaimed': {
      const data = event.data;
      const row = {
        expense_id: data.expenseId,
        employee_id: data.employeeId,
        employee_name: await employeeName(handle, data.employeeId),
        ...(await expenseColumns(handle, db, data.employeeId, data)),
        version: data.version ?? 1,
        is_approved: false,
        changed_at: at,
      };
      // An expense moved here from another month replaces its old row (same id).
      await db
        .insertInto('expenses')
        .values(row)
        .onConflict((oc) => oc.column('expense_id').doUpdateSet({ ...row }))
        .execute();
      return;
    }
    case 'ExpenseCorrected': {
      const data = event.data;
      await db
        .updateTable('expenses')
        .set({
          ...(await expenseColumns(handle, db, data.employeeId, data.after)),
          version: data.version,
          changed_at: at,
        })
        .where('expense_id', '=', data.expenseId)
        .execute();
      return;
    }
    case 'ExpenseWithdrawn':
      await expenseRows.deleteWithdrawn(handle, event.data.expenseId, monthOf(event.data.before.date));
      return;
    case 'ExpensesApproved':
    case 'PeriodVerified':
    case 'PeriodReturned':
      await expenseRows.recordPeriodEvent(handle, event, at);
      return;
    case 'ReceiptUploaded': {
      const data = event.data;
      await db
        .insertInto('receipts')
        .values({ receipt_id: data.receiptId, employee_id: data.employeeId, file_name: data.fileName })
        .onConflict((oc) => oc.column('receipt_id').doUpdateSet({ file_name: data.fileName }))
        .execute();
      lookups(handle).receipts.set(data.receiptId, data.fileName);
      await db
        .updateTable('expenses')
        .set({ receipt_file_name: data.fileName })
        .where('receipt_id', '=', data.receiptId)
        .execute();
      return;
    }
    case 'ProjectOpened':
    case 'ProjectUpdated':
    case 'StaffMemberRegistered': {
      const change = await applyNameEvent(recorded, handle, nameCopies);
      if (change)
        lookups(handle)[change.kind === 'project' ? 'projects' : 'people'].set(change.id, change.name);
      return;
    }
  }
}

/** A batch in log order: runs of ExpenseClaimed become one INSERT each; anything else one by one. */
const applyBatch = applyingRuns(isClaimed, insertClaimed, applyEvent);

/**
 * `rm_expenses`: every person's expenses with names, claimed amounts, receipt file names and
 * approval/verification (table `expenses`, read also by the exports), plus its own small project,
 * people, receipt and lock lookups so a row carries its names without reading other contexts.
 */
export const expensesProjection: Projection = {
  name: EXPENSES_READ_MODEL,
  // 2: verification per kind (expenses only), returns (return_reason) and their reopened locks.
  // 3: locks cover days (a billing period may verify part of a month).
  // 4: returned_at (the latest return's reason).
  version: 4,
  eventTypes: handled,

  createTables: createTables({
    ...expenseRows.lookupTables('expense_locks_pk'),
    receipts: {
      columns: {
        receipt_id: 'uuid primary key',
        employee_id: 'integer not null',
        file_name: 'text not null',
      },
    },
    expenses: {
      columns: {
        expense_id: 'uuid primary key',
        ...personAndProjectColumns,
        category_id: 'integer not null',
        category_name: 'text not null',
        date: 'date not null',
        month: 'text not null',
        activity_date: 'date',
        currency: 'text not null',
        amount: 'numeric not null',
        total_amount: 'numeric',
        rate: 'numeric not null',
        project_currency: 'text',
        claimed: 'numeric not null',
        is_billable: 'boolean not null',
        comment: 'text not null',
        receipt_id: 'uuid',
        receipt_file_name: 'text',
        ...reviewColumns,
        version: 'integer not null',
        group_id: 'uuid',
        changed_at: 'timestamptz not null',
      },
      indexes: {
        ...expenseRows.employeeDateIndex(),
        expenses_by_month_project: ['month', 'project_id'],
        expenses_by_receipt: ['receipt_id'],
      },
    },
  }),

  apply: applyEvent,
  applyBatch,
};
