import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/services';
import { untilReadModelsShow } from './read-models-shown';

/**
 * The demo seed of an api process waits for read models a projector (another process) builds: a
 * read model whose tables do not exist yet is "not yet", not a failure of the start-up.
 */
describe('untilReadModelsShow', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(2);
  });

  afterAll(() => database.drop());

  const rowCount = async () => {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from rm_later.people`.execute(
      database.db,
    );
    return Number(rows[0].n) > 0;
  };

  it('waits while the read model has no tables yet, then until it shows the row', async () => {
    let polls = 0;
    const waited = untilReadModelsShow('The test needs', async () => {
      polls += 1;
      return rowCount();
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sql`create schema rm_later`.execute(database.db);
    await sql`create table rm_later.people (id int)`.execute(database.db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sql`insert into rm_later.people values (1)`.execute(database.db);
    await expect(waited).resolves.toBeUndefined();
    expect(polls).toBeGreaterThan(3);
  });

  it('fails on any other error at once', async () => {
    await expect(
      untilReadModelsShow('The test needs', async () => {
        await sql`select * from public.no_such_table`.execute(database.db);
        return true;
      }),
    ).rejects.toThrow(/no_such_table/);
  });
});
