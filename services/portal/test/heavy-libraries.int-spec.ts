import { spawn } from 'node:child_process';
import { ensurePortalBuilt, MAIN_JS } from './portal-fleet';
import { createTestDatabase, type TestDatabase } from './services';

/**
 * Libraries that only a few code paths use load on their first use, not when the portal starts
 * (docs/decisions/0243-heavy-libraries-load-on-first-use.md): together they took about 1.1 s of
 * every start and of every integration test file. A static `import` of one of them in a file the
 * app always loads (an export's workbook, the PDF reader, an adapter chosen by configuration)
 * fails here.
 */
const LAZY_LIBRARIES = [
  'exceljs',
  'archiver',
  'pdf-parse',
  '@napi-rs/canvas',
  'sharp',
  'cfb',
  '@azure/storage-blob',
  '@eventstore/db-client',
  '@grpc/grpc-js',
  'nodemailer',
  'tesseract.js',
];

// In jest: a library is noted when anything requires it, then loaded as it is. (The app is
// imported inside the test, after this list exists.)
const mockRequired: string[] = [];
function mockNoted(name: string): unknown {
  mockRequired.push(name);
  return jest.requireActual(name);
}
jest.mock('exceljs', () => mockNoted('exceljs'));
jest.mock('archiver', () => mockNoted('archiver'));
jest.mock('pdf-parse', () => mockNoted('pdf-parse'));
jest.mock('sharp', () => mockNoted('sharp'));
jest.mock('cfb', () => mockNoted('cfb'));
jest.mock('@azure/storage-blob', () => mockNoted('@azure/storage-blob'));
jest.mock('@eventstore/db-client', () => mockNoted('@eventstore/db-client'));
jest.mock('@grpc/grpc-js', () => mockNoted('@grpc/grpc-js'));
jest.mock('nodemailer', () => mockNoted('nodemailer'));
jest.mock('tesseract.js', () => mockNoted('tesseract.js'));

/**
 * The built portal (services/portal/dist/main.js) started in plain node, every role, on `db`:
 * which of LAZY_LIBRARIES are in node's module cache once it listens.
 */
function librariesLoadedByTheBuiltPortal(db: TestDatabase): Promise<string[]> {
  const script = `
    const { bootstrap } = require(process.argv[1]);
    const libraries = JSON.parse(process.argv[2]);
    bootstrap().then(
      () => {
        const files = Object.keys(require.cache).map((file) => file.split('\\\\').join('/'));
        const loaded = libraries.filter((name) => files.some((file) => file.includes('/node_modules/' + name + '/')));
        process.stdout.write('LOADED ' + JSON.stringify(loaded) + '\\n', () => process.exit(0));
      },
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );`;
  const child = spawn(process.execPath, ['-e', script, MAIN_JS, JSON.stringify(LAZY_LIBRARIES)], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      PORT: '0',
      PORTAL_ROLES: 'api,projector,worker',
      DATABASE_URL: db.url,
      DEV_SIGN_IN: 'true',
      SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
      SEED_DEMO: 'false',
      REMINDERS_ENABLED: 'false',
      RESUME_SWEEP_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const line = /^LOADED (.*)$/m.exec(output);
      if (code === 0 && line) resolve(JSON.parse(line[1]) as string[]);
      else reject(new Error(`The built portal did not start (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

describe('the libraries that few code paths use load on first use, not at start', () => {
  it('a test app (startTestApp, as every integration test starts one) requires none of them', async () => {
    const { startTestApp } = await import('./app-harness');
    const t = await startTestApp();
    try {
      expect(mockRequired).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('the built portal, started in plain node with every role, has none of them in its module cache', async () => {
    ensurePortalBuilt();
    const db = await createTestDatabase(1);
    try {
      expect(await librariesLoadedByTheBuiltPortal(db)).toEqual([]);
    } finally {
      await db.drop();
    }
  });
});
