import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Azurite's one well-known development account (public, documented by Microsoft: not a secret). */
const ACCOUNT = 'devstoreaccount1';
const ACCOUNT_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface RunningAzurite {
  /** A connection string for the emulator's blob endpoint. */
  readonly connectionString: string;
  stop(): Promise<void>;
}

/**
 * Starts Azurite's blob service (the npm package, a child process so its memory is not the test's)
 * on a free loopback port with its data in a temporary folder, and waits until it listens.
 * `--skipApiVersionCheck` lets the SDK be newer than the emulator; `--loose` ignores the headers it
 * does not know; telemetry is off (the machine has no network anyway).
 */
export async function startAzurite(): Promise<RunningAzurite> {
  const location = await mkdtemp(join(tmpdir(), 'azurite-'));
  const main = require.resolve('azurite/dist/src/blob/main.js');
  const child = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--location',
      location,
      '--skipApiVersionCheck',
      '--loose',
      '--disableTelemetry',
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    const endpoint = await listeningAddress(child);
    return {
      connectionString: `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${ACCOUNT_KEY};BlobEndpoint=${endpoint}/${ACCOUNT};`,
      stop: async () => {
        await stopChild(child);
        await rm(location, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopChild(child);
    await rm(location, { recursive: true, force: true });
    throw error;
  }
}

/** The http://host:port Azurite prints once it listens; rejects when it exits first. */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /successfully listens on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`Azurite exited (${code}) before listening:\n${output}`)));
    child.once('error', reject);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
