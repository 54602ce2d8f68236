import { jest } from '@jest/globals';
import { main } from '../src/main';

/**
 * The portal's start (main.ts) with a configuration or database a person must fix: one line on
 * stderr, nothing else, and exit code 1. (The database check itself: platform/database.)
 */
describe('a start that cannot use its database', () => {
  it('a database that refuses: one line on stderr naming it, nothing else, and exit code 1', async () => {
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
