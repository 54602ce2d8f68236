import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ms, type BenchSink } from './goals';
import type { PortalProcess } from './idle';
import { fmtInt, percentile, progress, type LatencySummary } from './measure';

/** dist/cli/rebuild-projections.js, seen from dist/bench/rebuild-all.js. */
const REBUILD_JS = join(__dirname, '..', 'cli', 'rebuild-projections.js');
/** Each load window while the rebuild runs, in seconds: short, so the load ends soon after it. */
const WINDOW_SECONDS = 3;

export interface ProjectionRebuildTime {
  readonly name: string;
  readonly events: number;
  readonly seconds: number;
}

export interface RebuildAllFigures {
  /** Wall time of `npm run projections:rebuild` (all of them), the child process start to its exit. */
  readonly seconds: number;
  readonly projections: readonly ProjectionRebuildTime[];
  /** The review's latencies under load while the rebuild ran. */
  readonly reviewDuringMs: readonly number[];
  readonly reviewDuringFailures: number;
  /** The load average (1 minute) at the start and at the end of the rebuild. */
  readonly loadAverage: readonly [number, number];
}

/** `  {name}: {events} events applied, {s} s in its own transactions` lines of the CLI's output. */
function timingsOf(output: string): ProjectionRebuildTime[] {
  const lines = output.matchAll(/^ {2}(\S+): (\d+) events applied, ([\d.]+) s/gm);
  return [...lines].map(([, name, events, seconds]) => ({
    name,
    events: Number(events),
    seconds: Number(seconds),
  }));
}

/**
 * Issue 27's rebuild: `node dist/cli/rebuild-projections.js` (what `npm run projections:rebuild`
 * runs after building) in a child process on the firm's database, rebuilding every read model while
 * the started portal keeps serving; meanwhile `connections` clients ask for the review in windows
 * of a few seconds (`loadWindow`), until the rebuild has ended.
 */
export async function benchRebuildAll(
  databaseUrl: string,
  portal: PortalProcess,
  loadWindow: (seconds: number, keep: number[]) => Promise<{ non2xx: number }>,
): Promise<RebuildAllFigures> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl };
  for (const name of ['REDIS_URL', 'EVENTSTORE_URL', 'PORTAL_NOW', 'PORTAL_NOW_AT']) delete env[name];
  const startLoad = loadavg()[0];
  const started = performance.now();
  const child = spawn(process.execPath, [REBUILD_JS], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code) => {
      running = false;
      resolve(code ?? 1);
    }),
  );
  const samples: number[] = [];
  let failures = 0;
  while (running) failures += (await loadWindow(WINDOW_SECONDS, samples)).non2xx;
  const code = await exited;
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`projections:rebuild exited ${code}:\n${output.slice(-2000)}`);
  progress(
    `rebuild of every read model: ${seconds.toFixed(1)} s, ${samples.length} review answers meanwhile`,
  );
  return {
    seconds,
    projections: timingsOf(output),
    reviewDuringMs: samples,
    reviewDuringFailures: failures,
    loadAverage: [startLoad, loadavg()[0]],
  };
}

/** The goals: every read model within 5 minutes, the review's p95 meanwhile within twice its p95 at rest. */
const REBUILD_SECONDS_GOAL = 300;

export function reportRebuildAll(
  sink: BenchSink,
  atRest: LatencySummary,
  r: RebuildAllFigures,
  connections: number,
): void {
  const during = [...r.reviewDuringMs].sort((a, b) => a - b);
  const duringP95 = percentile(during, 95);
  const load = `load average ${r.loadAverage[0].toFixed(1)} -> ${r.loadAverage[1].toFixed(1)}`;
  sink.goals.add(
    'projections:rebuild, every read model: wall time',
    `${r.seconds.toFixed(1)} s`,
    `<= ${REBUILD_SECONDS_GOAL} s`,
    r.seconds <= REBUILD_SECONDS_GOAL,
  );
  sink.goals.add(
    `review p95 during the rebuild / at rest (${connections} clients)`,
    `${ms(duringP95)} / ${ms(atRest.p95Ms)}`,
    '<= 2x',
    r.reviewDuringFailures === 0 && during.length > 0 && duringP95 <= 2 * atRest.p95Ms,
  );
  sink.query(
    `HTTP review during the rebuild, ${connections} clients`,
    {
      runs: during.length,
      p50Ms: percentile(during, 50),
      p95Ms: duringP95,
      maxMs: during.at(-1) ?? Number.NaN,
    },
    `${r.reviewDuringFailures} not 2xx`,
  );
  const each = r.projections.map((p) => `${p.name} ${p.seconds.toFixed(1)} s (${fmtInt(p.events)} events)`);
  sink.notes.push(
    `projections:rebuild (dist/cli/rebuild-projections.js, a child process, one pass over the log) took ` +
      `${r.seconds.toFixed(1)} s, ${load}; each projection's own transactions: ${each.join(', ')}.`,
  );
}
