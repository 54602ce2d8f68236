#!/usr/bin/env node
/**
 * `npm run test:dates`: runs every suite with "now" pinned at awkward instants and in time zones
 * west and east of UTC, one after the other. Every test derives its dates from the pinned "now" or
 * pins an instant of its own (docs/decisions/0229-test-dates-at-any-instant.md), so no suite is left
 * out: a test that still depends on the instant is found wherever it is.
 *
 *   unit         the whole jest unit project
 *   integration  the whole jest integration project (real PostgreSQL and Redis), on
 *                INTEGRATION_WORKERS workers (default 3), as `npm test` runs it
 *   browser      the whole Playwright suite, on the built portal
 *
 * Each case sets PORTAL_NOW (the portal's Clock, the browser's clock and the tests' own dates),
 * TZ (the test processes and the portal) and TEST_TZ (the browser). It prints one summary line
 * per case and exits non-zero when any suite failed; each suite's output is kept in a log file.
 *
 *   npm run test:dates                                   the cases below
 *   npm run test:dates -- 2027-05-31T22:00:00Z@Asia/Kolkata 2026-03-08T09:00:00Z
 *   npm run test:dates -- --only=unit,integration        skip the browser (and the build)
 *
 * The browser suites use the built portal: the script runs `npm run build` once first (skip it
 * with --no-build when the build is current). Set E2E_PORT as for `npm run test:browser`.
 */
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { mkdtempSync, openSync, closeSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules', '.bin');

/** instant@time zone: the last day of a month, 31 December 23:30, 29 February, a Sunday, a Monday. */
const DEFAULT_CASES = [
  '2026-11-30T23:30:00Z@America/Edmonton', // last day of a month (a Monday); 16:30 there
  '2026-12-31T23:30:00Z@Asia/Kolkata', // 31 December 23:30 UTC: already 1 January in Kolkata
  '2028-02-29T12:00:00Z@America/Edmonton', // 29 February of a leap year (a Tuesday)
  '2026-11-29T03:00:00Z@America/Edmonton', // a Sunday in UTC, still Saturday evening there
  '2027-03-01T00:10:00Z@Asia/Kolkata', // a Monday, the first of a month, ten minutes old
];

const SUITES = {
  unit: {
    command: join(BIN, 'jest'),
    args: ['--selectProjects', 'unit'],
  },
  integration: {
    command: join(BIN, 'jest'),
    args: ['--selectProjects', 'integration', `--maxWorkers=${process.env.INTEGRATION_WORKERS || 3}`],
    env: { NODE_OPTIONS: '--experimental-vm-modules' },
  },
  browser: {
    command: join(BIN, 'playwright'),
    args: ['test'],
  },
};

function parseArgs(argv) {
  const options = { cases: [], only: Object.keys(SUITES), build: true };
  for (const arg of argv) {
    if (arg === '--no-build') options.build = false;
    else if (arg.startsWith('--only=')) options.only = arg.slice('--only='.length).split(',');
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else options.cases.push(arg);
  }
  for (const suite of options.only) {
    if (!(suite in SUITES))
      throw new Error(`--only: ${suite} is not one of ${Object.keys(SUITES).join(', ')}`);
  }
  if (options.cases.length === 0) options.cases = DEFAULT_CASES;
  return options;
}

function parseCase(text) {
  const [instant, timeZone = 'UTC'] = text.split('@');
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(instant) ||
    Number.isNaN(Date.parse(instant))
  ) {
    throw new Error(
      `${text}: the instant must be ISO-8601 with its offset, e.g. 2026-12-31T23:30:00Z@Asia/Kolkata`,
    );
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new Error(`${text}: ${timeZone} is not an IANA time zone`);
  }
  return { instant, timeZone };
}

/** Runs a command with its output in `logFile`; resolves to 0, or how it ended otherwise. */
function run(command, args, env, logFile) {
  return new Promise((resolve) => {
    const out = openSync(logFile, 'w');
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
    child.on('error', (error) => {
      closeSync(out);
      resolve(`could not start: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      closeSync(out);
      resolve(code === 0 ? 0 : signal ? `signal ${signal}` : `exit ${code}`);
    });
  });
}

function lastLines(file, count) {
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
}

function seconds(since) {
  return `${Math.round((Date.now() - since) / 1000)}s`;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const cases = options.cases.map(parseCase);
  const logs = mkdtempSync(join(tmpdir(), 'portal-test-dates-'));
  const failures = [];

  if (options.build && options.only.includes('browser')) {
    const log = join(logs, 'build.log');
    const started = Date.now();
    const code = await run('npm', ['run', 'build'], process.env, log);
    if (code !== 0) {
      console.error(`npm run build failed (${seconds(started)}); see ${log}\n${lastLines(log, 20)}`);
      process.exit(1);
    }
  }

  console.log(`test:dates: ${cases.length} case(s) x ${options.only.join(', ')}; logs in ${logs}`);
  for (const { instant, timeZone } of cases) {
    const env = { ...process.env, PORTAL_NOW: instant, TZ: timeZone, TEST_TZ: timeZone };
    // Each browser run anchors its own ticking "now" (playwright.config.ts sets it afresh).
    delete env.PORTAL_NOW_AT;
    const results = [];
    for (const name of options.only) {
      const suite = SUITES[name];
      const log = join(logs, `${instant.replace(/[:]/g, '')}-${timeZone.replace(/\//g, '_')}-${name}.log`);
      const started = Date.now();
      const code = await run(suite.command, suite.args, { ...env, ...suite.env }, log);
      results.push(`${name} ${code === 0 ? 'passed' : `FAILED, ${code},`} (${seconds(started)})`);
      if (code !== 0) failures.push({ instant, timeZone, name, log });
    }
    console.log(`${instant} ${timeZone.padEnd(16)} ${results.join('  ')}`);
  }

  for (const failure of failures) {
    console.error(`\n--- ${failure.name} at ${failure.instant} in ${failure.timeZone}: ${failure.log}`);
    console.error(lastLines(failure.log, 40));
  }
  const runs = cases.length * options.only.length;
  console.log(`\n${runs - failures.length} passed, ${failures.length} failed`);
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
