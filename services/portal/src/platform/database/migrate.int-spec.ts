import { sql } from 'kysely';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/services';
import { migrateToLatest } from './migrate';
import { platformMigrations } from './migrations';

/*
 * Projectors drop and create `rm_*__next` schemas while another process of the same portal
 * starts and migrates. The migration must not read every schema of the database to learn
 * whether its own tables exist (a schema dropped between the catalog read and a per-schema
 * check fails the whole start-up: "schema rm_audit__next does not exist").
 */
describe('migrating while a projector rebuilds', () => {
  let database: TestDatabase;
  afterEach(async () => database?.drop());

  it('creates its tables in an empty database, and a second run changes nothing', async () => {
    database = await createTestDatabase(4, 'template0');
    await migrateToLatest(database.db);
    await migrateToLatest(database.db);
    const { rows } = await database.db.executeQuery<{ name: string }>(
      sql`select name from kysely_migration order by name`.compile(database.db),
    );
    expect(rows.map((row) => row.name)).toEqual(Object.keys(platformMigrations).sort());
  });

  it('starts while schemas come and go', async () => {
    database = await createTestDatabase(4);
    const rebuilder = new Client({ connectionString: database.url });
    await rebuilder.connect();
    let rebuilding = true;
    const churn = (async () => {
      for (let round = 0; rebuilding; round += 1) {
        const schema = `rm_churn_${round % 4}__next`;
        await rebuilder.query(`create schema ${schema}`);
        await rebuilder.query(`create table ${schema}.rows (id int primary key, note text)`);
        await rebuilder.query(`drop schema ${schema} cascade`);
      }
    })();
    const failures: string[] = [];
    try {
      for (let start = 0; start < 60; start += 1) {
        await migrateToLatest(database.db).catch((error: Error) => failures.push(error.message));
      }
    } finally {
      rebuilding = false;
      await churn;
      await rebuilder.end();
    }
    expect(failures).toEqual([]);
  });
});
