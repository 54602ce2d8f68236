import { jest } from '@jest/globals';
import { TEST_DATABASE_URL } from '../../../test/services';
import { main } from '../../main';
import { DatabaseUnreachableError, ensureDatabaseReachable, postgresAddress } from './database';

/** A URL of the test server, pointing at another database name. */
function sameServer(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

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

  it('ends the start with that one line on stderr, nothing else, and exit code 1', async () => {
    const seen = await start({
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: 'postgresql://someone:s3cret@127.0.0.1:1/db',
    });
    expect(seen).toEqual({
      errors: [['DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:1: the connection was refused']],
      logs: [],
      exitCodes: [1],
    });
  });

  it('a configuration with a foreign scheme never reaches for a database', async () => {
    const seen = await start({ NODE_ENV: 'test', DATABASE_URL: 'mysql://someone@127.0.0.1/db' });
    expect(seen.errors).toHaveLength(1);
    expect(String(seen.errors[0][0])).toMatch(
      /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//,
    );
    expect(seen.exitCodes).toEqual([1]);
  });
});

/** Runs the portal's start with `env`, catching what it prints and the exit it asks for. */
async function start(env: Record<string, string>) {
  const seen = { errors: [] as unknown[][], logs: [] as unknown[][], exitCodes: [] as unknown[] };
  const spies = [
    jest.spyOn(console, 'error').mockImplementation((...args) => void seen.errors.push(args)),
    jest.spyOn(console, 'log').mockImplementation((...args) => void seen.logs.push(args)),
    jest
      .spyOn(process, 'exit')
      .mockImplementation(((code: unknown) => void seen.exitCodes.push(code)) as never),
  ];
  try {
    await main(env);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return seen;
}
