import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from './support/test';

/**
 * Starting the built portal (`node services/portal/dist/main.js`, as `npm start` does) with a
 * database it cannot use: it must stop at once with one line a person can act on, naming the
 * variable and the host, and no stack trace.
 */

const MAIN = join(__dirname, '..', 'services', 'portal', 'dist', 'main.js');

interface Ended {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built portal with only `env` (and PATH) until it ends, at most 30 s. */
function startPortal(env: Record<string, string>): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the portal was still running after 30 s:\n${stdout}\n${stderr}`));
    }, 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test.describe('start-up with a database it cannot use', () => {
  test('a PostgreSQL host that refuses: one line naming DATABASE_URL and the host, exit 1', async () => {
    const ended = await startPortal({ DATABASE_URL: 'postgres://someone:s3cret@127.0.0.1:1/portal' });
    expect(ended.stderr).toBe(
      'DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:1: the connection was refused\n',
    );
    expect(ended.stdout).toBe('');
    expect(ended.code).toBe(1);
  });

  for (const url of ['mysql://someone@127.0.0.1/db', 'http://example.com/x']) {
    test(`DATABASE_URL=${url} is refused by the configuration, naming the variable`, async () => {
      const ended = await startPortal({ DATABASE_URL: url });
      expect(ended.stderr).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
      expect(ended.stderr).not.toMatch(/\n\s+at /);
      expect(ended.stdout).toBe('');
      expect(ended.code).toBe(1);
    });
  }
});
