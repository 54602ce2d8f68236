// Fixed dates: events with their own dates written straight to the log; no clock is read.
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/services';
import { eventually, testEvent } from '../../test/waiting';
import { catalogProjection } from '../modules/catalog/projections/catalog.projection';
import { contractorTimeProjection } from '../modules/expenses/projections/contractor-time.projection';
import { expensesProjection } from '../modules/expenses/projections/expenses.projection';
import { receiptsProjection } from '../modules/expenses/receipts/receipts.projection';
import { periodsProjection } from '../modules/periods/projections/periods.projection';
import { rosterProjection } from '../modules/roster/projections/roster.projection';
import { staffProjectionWith } from '../modules/staff/projections/staff.projection';
import { timesheetsProjection } from '../modules/timesheets/projections/timesheets.projection';
import type { Database } from '../platform/database/database';
import type { NewEvent, RecordedEvent } from '../platform/event-store/event-store.port';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { scopeTransaction } from '../platform/projection/projection-rebuild';
import { applyEvents, type Projection } from '../platform/projection/projection';
import { appendSetup } from './append-ledgers';
import { BenchDataset } from './dataset';

/*
 * A projection's batch path (applyBatch, what the runner and a rebuild use) must leave exactly the
 * tables its per-event path (apply) leaves. The log mixes the bench's generated year with the
 * awkward cases: unknown names (fallbacks), a lock before later entries, corrections, an entry
 * moved to another month then withdrawn from the old one, the same entry twice in one run,
 * renames, approvals and withdrawals.
 */

const entry = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function submitted(n: number, employeeId: number, projectId: number, date: string, extra: object = {}) {
  return testEvent('TimesheetSubmitted', {
    entryId: entry(n),
    employeeId,
    projectId,
    subProjectId: null,
    date,
    hours: '7.5',
    overtimeHours: null,
    comment: `entry ${n}`,
    lateEntry: false,
    version: 1,
    movedFrom: null,
    ...extra,
  });
}

const fields = (projectId: number, date: string, hours: string) => ({
  projectId,
  subProjectId: null,
  date,
  hours,
  overtimeHours: null,
  comment: 'corrected',
});

const expense = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const receipt = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;

function claimed(n: number, employeeId: number, projectId: number, date: string, extra: object = {}) {
  return testEvent('ExpenseClaimed', {
    expenseId: expense(n),
    employeeId,
    projectId,
    categoryId: 2,
    date,
    activityDate: null,
    currency: 'EUR',
    amount: '12.50',
    totalAmount: null,
    rate: '1.1',
    projectCurrency: 'USD',
    claimed: '13.75',
    isBillable: true,
    comment: `expense ${n}`,
    receiptId: null,
    groupId: null,
    version: 1,
    movedFrom: null,
    ...extra,
  });
}

const uploaded = (n: number, employeeId: number, fileName: string) =>
  testEvent('ReceiptUploaded', {
    receiptId: receipt(n),
    employeeId,
    fileName,
    contentType: 'application/pdf',
    size: 10,
    sha256: '0'.repeat(64),
    storageKey: `receipts/${employeeId}/${receipt(n)}.pdf`,
    scan: 'clean',
  });

/** The expenses' awkward cases: receipts before and after, a lock, a moved claim, unknown names. */
function awkwardExpenses(dataset: BenchDataset): NewEvent[] {
  const [ann, bo] = dataset.people;
  const [first, second] = ann.projectIds;
  return [
    uploaded(1, ann.staffId, 'taxi.pdf'),
    claimed(1, ann.staffId, first, '2025-03-03', { receiptId: receipt(1) }),
    claimed(2, ann.staffId, first, '2025-03-04', { receiptId: receipt(2), activityDate: '2025-03-01' }),
    claimed(3, bo.staffId, 990_099, '2025-03-05', { totalAmount: '40.00', groupId: receipt(9) }),
    claimed(4, 990_077, second, '2025-03-05'),
    uploaded(2, ann.staffId, 'hotel.pdf'),
    testEvent('PeriodVerified', { employeeId: ann.staffId, projectId: second, month: '2025-03' }),
    claimed(5, ann.staffId, second, '2025-03-10'),
    // Moved to April, then claimed again in the same run (the last claim wins).
    claimed(1, ann.staffId, second, '2025-04-02', {
      version: 2,
      receiptId: receipt(1),
      movedFrom: { month: '2025-03', before: null },
    }),
    claimed(6, bo.staffId, second, '2025-05-01', { amount: '1.00', claimed: '1.10' }),
    claimed(6, bo.staffId, second, '2025-05-02', { amount: '2.00', claimed: '2.20', version: 2 }),
    testEvent('ExpensesApproved', { expenseIds: [expense(2), expense(5)] }),
    testEvent('ExpenseWithdrawn', {
      expenseId: expense(3),
      employeeId: bo.staffId,
      before: { projectId: 990_099, date: '2025-03-05' },
      movedTo: null,
    }),
    claimed(7, bo.staffId, 990_099, '2025-06-02'),
  ];
}

/** The hand-made part of the log, appended after the generated year (project and staff ids of the dataset). */
function awkwardEvents(dataset: BenchDataset): NewEvent[] {
  const [ann, bo] = dataset.people;
  const [first, second] = ann.projectIds;
  return [
    submitted(1, ann.staffId, first, '2025-03-03'),
    submitted(2, ann.staffId, first, '2025-03-04', {
      subProjectId: second,
      overtimeHours: '1.25',
      lateEntry: true,
    }),
    submitted(3, bo.staffId, 990_099, '2025-03-05'),
    submitted(4, 990_077, first, '2025-03-05'),
    testEvent('PeriodVerified', { employeeId: ann.staffId, projectId: first, month: '2025-03' }),
    submitted(5, ann.staffId, first, '2025-03-10'),
    testEvent('TimesheetEntryCorrected', {
      entryId: entry(1),
      employeeId: ann.staffId,
      before: fields(first, '2025-03-03', '7.5'),
      after: fields(second, '2025-03-06', '3'),
      version: 2,
      lateEntry: true,
    }),
    submitted(2, ann.staffId, first, '2025-04-01', {
      version: 2,
      movedFrom: { month: '2025-03', before: fields(first, '2025-03-04', '7.5') },
    }),
    testEvent('TimesheetEntryWithdrawn', {
      entryId: entry(2),
      employeeId: ann.staffId,
      before: fields(first, '2025-03-04', '7.5'),
      lateEntry: false,
      movedTo: '2025-04',
    }),
    submitted(6, bo.staffId, second, '2025-05-01', { hours: '1', lateEntry: true }),
    submitted(6, bo.staffId, second, '2025-05-02', { hours: '2', version: 2 }),
    testEvent('ProjectUpdated', { projectId: first, name: 'Renamed Project' }),
    testEvent('StaffMemberRegistered', { ...bo, staffId: bo.staffId, name: 'Bo Renamed' }),
    testEvent('TimesheetsApproved', { entryIds: [entry(1), entry(5)] }),
    testEvent('TimesheetEntryWithdrawn', {
      entryId: entry(3),
      employeeId: bo.staffId,
      before: fields(990_099, '2025-03-05', '7.5'),
      lateEntry: false,
      movedTo: null,
    }),
    testEvent('ProjectOpened', { projectId: 990_099, name: 'Opened Late' }),
    submitted(7, bo.staffId, 990_099, '2025-06-02'),
  ];
}

async function build(
  db: Database,
  projection: Projection,
  events: readonly RecordedEvent[],
  schema: string,
  batchSize: number | 'per-event',
): Promise<void> {
  await sql`create schema ${sql.id(schema)}`.execute(db);
  const inSchema = (work: (scoped: Database) => Promise<void>) =>
    db.transaction().execute(async (trx) => {
      await scopeTransaction(trx, schema);
      await work(trx.withSchema(schema));
    });
  await inSchema((scoped) => projection.createTables(scoped));
  const handled = events.filter((event) => projection.eventTypes.includes(event.type));
  if (batchSize === 'per-event') {
    for (const event of handled) await inSchema((scoped) => projection.apply(event, scoped));
    return;
  }
  for (let i = 0; i < handled.length; i += batchSize) {
    await inSchema((scoped) => applyEvents(projection, handled.slice(i, i + batchSize), scoped));
  }
}

async function tablesOf(db: Database, schema: string): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(
    db,
  );
  return rows.map((row) => row.table_name);
}

/** Rows of `table` in one schema that the other lacks (with multiplicity), both ways. */
async function differences(db: Database, a: string, b: string, table: string) {
  const { rows } = await sql<{ only_a: string; only_b: string; total: string }>`
    select
      (select count(*) from (select * from ${sql.id(a, table)} except all select * from ${sql.id(b, table)}) x)::text as only_a,
      (select count(*) from (select * from ${sql.id(b, table)} except all select * from ${sql.id(a, table)}) y)::text as only_b,
      (select count(*) from ${sql.id(a, table)})::text as total`.execute(db);
  return { onlyA: Number(rows[0].only_a), onlyB: Number(rows[0].only_b), total: Number(rows[0].total) };
}

describe('batch apply', () => {
  let database: TestDatabase;
  let events: RecordedEvent[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    const dataset = new BenchDataset(3, 2025, { expensesPerMonth: 3 });
    await appendSetup(store, dataset.setupAppends());
    for (const { person, month } of dataset.ledgers().slice(0, 6)) {
      for (const batch of dataset.ledgerBatches(person, month)) {
        await store.append(batch.streamId, dataset.toEvents(batch), 'any');
      }
    }
    // Every person's year of claims (over a hundred rows for the expenses' comparison).
    for (const { person, month } of dataset.ledgers()) {
      const expenses = dataset.expenseBatch(person, month);
      if (expenses) await store.append(expenses.streamId, expenses.events, 'any');
    }
    const awkward = [...awkwardEvents(dataset), ...awkwardExpenses(dataset)];
    for (const event of awkward) await store.append(`batch-apply-${event.id}`, [event], 'any');
    // The log reads only what no open transaction of the cluster can still precede (another test
    // file's, in parallel): read until the last event appended is there too.
    const last = awkward.at(-1)!.id;
    await eventually(async () => (events = await store.readAll(null, 100_000)).some((e) => e.id === last));
    await store.close();
  });

  afterAll(async () => {
    await database.drop();
  });

  // Every projection the contexts register (a bench file may reach into contexts directly).
  const projections: readonly Projection[] = [
    catalogProjection,
    // Old events' plain sensitive values pass unsealed here (the staff projection batches nothing).
    staffProjectionWith({ sealIfPlain: async (_subject, value) => value }),
    rosterProjection,
    periodsProjection,
    timesheetsProjection,
    receiptsProjection,
    expensesProjection,
    contractorTimeProjection,
  ];
  const batched = projections.filter((projection) => projection.applyBatch);

  it('is offered by the projections that own most of the log', () => {
    expect(batched.map((projection) => projection.name)).toEqual(
      expect.arrayContaining(['timesheets', 'expenses']),
    );
  });

  it.each(batched.map((projection) => [projection.name, projection] as const))(
    '%s: batches of any size leave the same tables as applying one event at a time',
    async (name, projection) => {
      // Schema names as the runner makes them (readModelSchema): letters, digits and underscores.
      const safe = name.replace(/[^a-z0-9_]/gi, '_');
      const perEvent = `t_${safe}_one`;
      await build(database.db, projection, events, perEvent, 'per-event');
      for (const size of [5, 500]) {
        const inBatches = `t_${safe}_batch_${size}`;
        await build(database.db, projection, events, inBatches, size);
        const tables = await tablesOf(database.db, perEvent);
        expect(await tablesOf(database.db, inBatches)).toEqual(tables);
        for (const table of tables) {
          const diff = await differences(database.db, perEvent, inBatches, table);
          expect({ table, size, onlyPerEvent: diff.onlyA, onlyBatched: diff.onlyB }).toEqual({
            table,
            size,
            onlyPerEvent: 0,
            onlyBatched: 0,
          });
        }
      }
      // The log really exercised the tables (an empty comparison proves nothing).
      const mainTable: Record<string, string> = { timesheets: 'entries', 'contractor-time': 'time_values' };
      const main = await differences(database.db, perEvent, perEvent, mainTable[name] ?? name);
      expect(main.total).toBeGreaterThan(100);
      if (name === 'timesheets') {
        // Late once, late for good: entry 1 (a late correction), 2 (late, then moved on time), 6
        // (late, then on time within one run).
        const { rows } = await sql<{ entry_id: string }>`
          select entry_id from ${sql.id(perEvent, 'entries')} where late_entry order by entry_id`.execute(
          database.db,
        );
        expect(rows.map((row) => row.entry_id)).toEqual([entry(1), entry(2), entry(6)]);
      }
    },
  );
});
