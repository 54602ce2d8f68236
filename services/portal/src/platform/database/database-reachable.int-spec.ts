import { TEST_DATABASE_URL } from '../../../test/services';
import { DatabaseUnreachableError, ensureDatabaseReachable, postgresAddress } from './database';

/** A URL of the test server, pointing at another database name. */
function sameServer(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/* The start-up check of the database; main()'s answer to it is in services/portal/test/portal-start.int-spec.ts. */
describe('a database that cannot be used at start-up', () => {
  it('names the variable and the host in one line when the host refuses', async () => {
    const attempt = ensureDatabaseReachable('postgres://someone:s3cret@127.0.0.1:1/portal');
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnreachableError);
    await expect(attempt).rejects.toThrow(
      /^DATABASE_URL: cannot use PostgreSQL at 127\.0\.0\.1:1: the connection was refused$/,
    );
  });

  it("passes on PostgreSQL's own refusal (an unknown database) without the password", async () => {
    const url = sameServer('portal_no_such_database');
    const error = await ensureDatabaseReachable(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    const message = (error as Error).message;
    expect(message).toContain(`DATABASE_URL: cannot use PostgreSQL at ${postgresAddress(url)}:`);
    expect(message).toContain('database "portal_no_such_database" does not exist');
    expect(message).not.toContain('\n');
  });

  it('lets a reachable database through', async () => {
    await expect(ensureDatabaseReachable(TEST_DATABASE_URL)).resolves.toBeUndefined();
  });
});
