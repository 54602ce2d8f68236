// Fixed dates: events with their recorded instants, projected into the audit read model.
import type { AuditFilters } from '@portal/contracts';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../test/services';
import { scopeTransaction } from '../../../platform/projection/projection-rebuild';
import { readModelSchema } from '../../../platform/projection/projection';
import { auditProjection, AUDIT_READ_MODEL } from '../projections/audit.projection';
import { auditTables } from '../projections/audit-tables';
import { AuditReadModel } from './audit-read-model';

/*
 * The export's pages (keyset by occurred_at, then seq, newest first) against a real PostgreSQL:
 * pages smaller than the rows, several rows at the same instant across a page's edge.
 */
let database: TestDatabase;

const NO_FILTERS: AuditFilters = {
  person: null,
  entityKind: null,
  entityId: null,
  actor: null,
  type: null,
  from: null,
  to: null,
};

/** [occurred_at, person]: inserted in this order, so seq follows it. */
const ROWS: readonly [string, number][] = [
  ['2025-03-02T10:00:00.000Z', 1],
  ['2025-03-01T09:00:00.000Z', 2],
  ['2025-03-02T10:00:00.000Z', 1],
  ['2025-03-02T10:00:00.000Z', 2],
  ['2025-03-03T08:00:00.000Z', 1],
  ['2025-03-02T10:00:00.000Z', 1],
  ['2025-03-01T09:00:00.000Z', 1],
];

beforeAll(async () => {
  database = await createTestDatabase(2);
  const schema = readModelSchema(AUDIT_READ_MODEL);
  await sql`create schema ${sql.id(schema)}`.execute(database.db);
  await database.db.transaction().execute(async (trx) => {
    await scopeTransaction(trx, schema);
    await auditProjection.createTables(trx.withSchema(schema));
  });
  for (const [i, [at, person]] of ROWS.entries())
    await auditTables(database.db)
      .insertInto('entries')
      .values({
        seq: String(i + 1),
        position: '1/1',
        stream_id: `ledger-${person}-2025-03`,
        revision: '0',
        event_id: `event-${at}-${person}`,
        event_type: 'TimesheetSubmitted',
        occurred_at: at,
        actor_id: String(person),
        actor_name: `Person ${person}`,
        subject_person_id: person,
        project_id: null,
        owner_id: null,
        entity_kind: 'timesheet-entry',
        entity_id: `entry-${at}`,
        command: 'Submit time',
        reason: null,
        changes: '[]',
      })
      .execute();
});

afterAll(() => database.drop());

/** Seq of the rows (1-based, insertion order) newest first, as the pages must give them. */
function expectedOrder(keep: (at: string, person: number) => boolean): string[] {
  return ROWS.map(([at, person], i) => ({ at, person, seq: i + 1 }))
    .filter((r) => keep(r.at, r.person))
    .sort((a, b) => b.at.localeCompare(a.at) || b.seq - a.seq)
    .map((r) => String(r.seq));
}

async function pagedSeqs(filters: AuditFilters, pageSize: number): Promise<string[][]> {
  const pages: string[][] = [];
  for await (const page of new AuditReadModel(database.db).pages(filters, null, pageSize))
    pages.push(page.map((entry) => entry.seq));
  return pages;
}

describe('AuditReadModel.pages', () => {
  it('gives every row once, newest first, when pages end among rows of the same instant', async () => {
    const pages = await pagedSeqs(NO_FILTERS, 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual(expectedOrder(() => true));
    expect(pages.flat()).toEqual(['5', '6', '4', '3', '1', '7', '2']);
  });

  it('keeps the filters on every page', async () => {
    const filters = { ...NO_FILTERS, person: 1, from: '2025-03-02T00:00:00.000Z' };
    const pages = await pagedSeqs(filters, 1);
    expect(pages.flat()).toEqual(expectedOrder((at, person) => person === 1 && at >= '2025-03-02'));
    expect(pages.flat()).toEqual(['5', '6', '3', '1']);
  });
});
