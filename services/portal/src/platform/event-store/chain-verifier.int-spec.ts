// Fixed dates: events of a given month appended to the log.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/services';
import { testEvent } from '../../../test/waiting';
import * as hashChainMigration from '../database/migrations/2026-11-27-080-event-hash-chain';
import { hashOfRow, readChainPage, verifyEventChains } from './chain-verifier';
import { PostgresEventStore } from './postgres-event-store';
import { contentChanged } from './testing/broken-links';

/** A log of three streams (5 events in all); key order in the data differs from jsonb's order. */
async function appendLog(store: PostgresEventStore, suffix: string) {
  const expense = `expense-${suffix}`;
  const staff = `staff-${suffix}`;
  const period = `period-${suffix}`;
  await store.append(
    expense,
    [
      testEvent('ExpenseClaimed', { zeta: 1, amount: '12.50', nested: { b: [1, { y: 2, x: 1 }], a: null } }),
      testEvent('ExpenseAmountChanged', { before: '12.50', after: '13.75' }),
    ],
    'no_stream',
  );
  await store.append(
    staff,
    [testEvent('StaffMemberRegistered', { name: 'Ada', phone: '555-0100' })],
    'no_stream',
  );
  await store.append(staff, [testEvent('StaffMemberUpdated', { phone: '555-0199' })], 0n);
  await store.append(period, [testEvent('PeriodApproved', { month: '2026-10' })], 'any');
  // Revisions 0 to 11: numeric order, not text order ('10' < '2'), on append and on verify.
  const ledger = `ledger-${suffix}`;
  for (let i = 0; i < 12; i++) await store.append(ledger, [testEvent('Entered', { i })], 'any');
  return { expense, staff, period, ledger };
}

describe('hash chain of the PostgreSQL event log', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeEach(async () => {
    database = await createTestDatabase(2);
    store = new PostgresEventStore(database.db, { notifications: null });
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it('links every event to the previous one of its stream and verifies the whole log by pages', async () => {
    const { staff } = await appendLog(store, 'a');
    const { rows } = await sql<{ revision: string; hash: string; previous_hash: string | null }>`
      select revision::text as revision, hash, previous_hash from events
      where stream_id = ${staff} order by revision`.execute(database.db);
    expect(rows[0].previous_hash).toBeNull();
    expect(rows[1].previous_hash).toBe(rows[0].hash);
    expect(rows[0].hash).toMatch(/^[0-9a-f]{64}$/);

    // Pages of 2 events: chains that cross a page boundary still link.
    expect(await verifyEventChains(database.db, 2)).toEqual({
      ok: true,
      checkedEvents: 17,
      firstBroken: null,
    });
  });

  it('names the stream and revision whose data was edited by SQL', async () => {
    const { expense } = await appendLog(store, 'b');
    await sql`update events set data = jsonb_set(data, '{amount}', '"99.00"')
              where stream_id = ${expense} and revision = 0`.execute(database.db);
    const [edited] = await store.readStream(expense);

    const report = await verifyEventChains(database.db, 2);
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toEqual(contentChanged(expense, '0', edited.id));
  });

  it('catches an edited actor in the metadata', async () => {
    const { period } = await appendLog(store, 'c');
    await sql`update events set metadata = jsonb_set(metadata, '{actor,name}', '"Someone else"')
              where stream_id = ${period}`.execute(database.db);
    const report = await verifyEventChains(database.db);
    expect(report.firstBroken).toMatchObject({ streamId: period, revision: '0', problem: 'content-changed' });
  });

  it('names revision 10 of a long stream when it is edited', async () => {
    const { ledger } = await appendLog(store, 'g');
    await sql`update events set data = '{"i": 99}' where stream_id = ${ledger} and revision = 10`.execute(
      database.db,
    );
    const report = await verifyEventChains(database.db, 4);
    expect(report.firstBroken).toMatchObject({
      streamId: ledger,
      revision: '10',
      problem: 'content-changed',
    });
  });

  it('catches a deleted row: the missing revision is named', async () => {
    const { staff } = await appendLog(store, 'd');
    await store.append(staff, [testEvent('StaffMemberUpdated', { phone: '555-0111' })], 1n);
    await sql`delete from events where stream_id = ${staff} and revision = 1`.execute(database.db);

    const report = await verifyEventChains(database.db);
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toMatchObject({
      streamId: staff,
      revision: '1',
      eventId: null,
      problem: 'missing-revision',
    });
  });

  it('catches an edited event re-hashed to hide the edit: the next event no longer links to it', async () => {
    const { expense } = await appendLog(store, 'e');
    await sql`update events set data = jsonb_set(data, '{amount}', '"99.00"')
              where stream_id = ${expense} and revision = 0`.execute(database.db);
    const [edited] = await readChainPage(database.db, null, 1);
    expect(edited.stream_id).toBe(expense);
    await sql`update events set hash = ${hashOfRow(edited, edited.previous_hash)}
              where event_id = ${edited.event_id}::uuid`.execute(database.db);

    const report = await verifyEventChains(database.db);
    expect(report.firstBroken).toMatchObject({ streamId: expense, revision: '1', problem: 'link-broken' });
  });

  it('the migration hashes events stored before it exactly as appends do', async () => {
    await appendLog(store, 'f');
    const hashes = async () =>
      (
        await sql<{ event_id: string; hash: string; previous_hash: string | null }>`
          select event_id::text as event_id, hash, previous_hash from events order by event_id`.execute(
          database.db,
        )
      ).rows;
    const appended = await hashes();
    await hashChainMigration.down(database.db);
    await hashChainMigration.up(database.db);
    expect(await hashes()).toEqual(appended);
    expect((await verifyEventChains(database.db)).ok).toBe(true);
  });

  it('an empty log verifies with nothing checked; appends inside a caller transaction chain too', async () => {
    expect(await verifyEventChains(database.db)).toEqual({ ok: true, checkedEvents: 0, firstBroken: null });
    const stream = `tx-${randomUUID()}`;
    await database.db.transaction().execute(async (trx) => {
      const inTx = new PostgresEventStore(trx, { notifications: null });
      await inTx.append(stream, [testEvent('A', { n: 1 })], 'no_stream');
      await inTx.append(stream, [testEvent('B', { n: 2 }), testEvent('C', { n: 3 })], 0n);
    });
    expect(await verifyEventChains(database.db)).toEqual({ ok: true, checkedEvents: 3, firstBroken: null });
  });
});
