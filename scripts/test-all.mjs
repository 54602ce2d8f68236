#!/usr/bin/env node
/**
 * `npm test`: every check and every suite, in phases, with each phase's wall time printed at the
 * end (and at the first failure, which ends the run):
 *
 *   checks       format, lint, typecheck, jest's unit project and the one build the later phases
 *                use (contracts, API, web), two at a time, each timed on its own (the unit tests
 *                run in one jest worker and leave a core to the others)
 *   integration  jest's integration project, files in parallel workers (INTEGRATION_WORKERS)
 *   browser      Playwright against the built portal
 *   bench        the bench at its smallest (`npm run bench` with BENCH_SMOKE=1): every part runs
 *                and must reach its goals table; its figures are not judged here. It runs beside
 *                the integration suite (its time overlaps that phase's) and its output is shown
 *                before the browser suite starts
 *
 * `npm test -- unit,integration` runs only the phases named (the checks' members may be named one by
 * one: format, lint, typecheck, build).
 */
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { cpus } from 'node:os';

// Longest first, so the last of them does not run alone.
const CHECKS = {
  typecheck: ['npm', ['run', '-s', 'typecheck']],
  build: ['npm', ['run', '-s', 'build']],
  unit: ['npm', ['run', '-s', 'test:unit']],
  lint: ['npm', ['run', '-s', 'lint']],
  format: ['npm', ['run', '-s', 'format:check']],
};
const SUITES = {
  integration: ['npm', ['run', '-s', 'test:integration']],
  browser: ['npx', ['playwright', 'test']],
  bench: ['npm', ['run', '-s', 'bench:smoke']],
};

const named = (process.argv[2] ?? '').split(',').filter(Boolean);
for (const name of named) {
  if (!(name in CHECKS) && !(name in SUITES) && name !== 'checks') {
    console.error(`npm test: ${name} is not a phase (${['checks', ...Object.keys(SUITES)].join(', ')})`);
    process.exit(2);
  }
}
const wanted = (name, group) => named.length === 0 || named.includes(name) || named.includes(group);

const times = [];
const started = Date.now();
/** The phases' processes still running: a failure ends them with the run. */
const children = new Set();

function run(name, [command, args], { quiet } = {}) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const output = [];
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    children.add(child);
    if (quiet) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code, signal) => {
      children.delete(child);
      const seconds = (Date.now() - begun) / 1000;
      times.push({ name, seconds, ok: code === 0 });
      resolve({ name, ok: code === 0, why: signal ? `signal ${signal}` : `exit ${code}`, output });
    });
  });
}

function countLines(output) {
  return Buffer.concat(output)
    .toString('utf8')
    .split('\n')
    .filter((line) => /^Test(s| Suites):/.test(line));
}

function summary() {
  const width = Math.max(...times.map((t) => t.name.length));
  console.log('\nnpm test, wall time per phase:');
  for (const t of times) {
    console.log(
      `  ${t.name.padEnd(width)}  ${t.seconds.toFixed(1).padStart(6)} s  ${t.ok ? 'ok' : 'FAILED'}`,
    );
  }
  console.log(`  ${'total'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
}

function fail(result) {
  for (const child of children) child.kill('SIGTERM');
  if (result.output.length) process.stdout.write(Buffer.concat(result.output));
  console.error(`\nnpm test: ${result.name} failed (${result.why})`);
  summary();
  process.exit(1);
}

// The checks run side by side, two at a time on a two-core machine; their output is shown only when one fails.
const checks = Object.entries(CHECKS).filter(([name]) => wanted(name, 'checks'));
const parallel = Math.max(2, Math.min(4, cpus().length));
const queue = [...checks];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const result = await run(next[0], next[1], { quiet: true });
      console.log(`${result.ok ? 'ok' : 'FAILED'}: ${result.name}`);
      // jest's count of the unit tests, shown though the rest of its output is not.
      if (result.ok) for (const line of countLines(result.output)) console.log(`  ${line}`);
      results.push(result);
    }
  }),
);
const failed = results.find((r) => !r.ok);
if (failed) fail(failed);

// The bench smoke runs beside the integration suite (both wait on processes and PostgreSQL more than
// they compute, and their databases and ports are their own); its output is shown once it ends.
// The browser suite, the one most sensitive to a loaded machine, runs alone after both.
const beside = wanted('bench') && wanted('integration') ? run('bench', SUITES.bench, { quiet: true }) : null;
for (const [name, command] of Object.entries(SUITES)) {
  if (!wanted(name)) continue;
  if (name === 'bench' && beside) continue;
  if (name === 'browser' && beside) {
    const bench = await beside;
    console.log('\n=== bench (beside the integration suite) ===');
    process.stdout.write(Buffer.concat(bench.output));
    if (!bench.ok) fail({ ...bench, output: [] });
  }
  console.log(`\n=== ${name} ===`);
  const result = await run(name, command);
  if (!result.ok) fail(result);
}
if (beside && !wanted('browser')) {
  const bench = await beside;
  process.stdout.write(Buffer.concat(bench.output));
  if (!bench.ok) fail({ ...bench, output: [] });
}
summary();
