/*
 * Over 350 lines on purpose: the review loop's figures share one firm, one started portal and one
 * load generator; splitting them would start the portal again per figure.
 */
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { endOfMonth } from '@portal/contracts';
import { appendLedgers, appendSetup } from './append-ledgers';
import { createBenchDatabase } from './bench-database';
import { BENCH_ADMIN_ID, BenchDataset, Random } from './dataset';
import { PortalProcess } from './idle';
import { startFirmPortal, waitForProjections } from './firm-portal';
import { latencyGoals, ms, type BenchSink } from './goals';
import { percentile, progress, type LatencySummary } from './measure';
import { benchRosterMatrix, type RosterMatrixFigures } from './roster-matrix';
import { benchAudit, reportAudit, type AuditFigures } from './audit';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { benchRebuildAll, reportRebuildAll, type RebuildAllFigures } from './rebuild-all';

/**
 * The review loop's figures (issue 8) on the firm's size: the portal itself (dist/main.js, every
 * role) in a child process on a database of its own holding the firm's history, driven through
 * its real HTTP endpoints. The review of one period for every person under 50 concurrent clients
 * (autocannon), approve-all for one person and period, and the period board.
 */

export interface ReviewLoopOptions {
  readonly adminUrl: string;
  readonly people: number;
  readonly months: number;
  readonly projects: number;
  readonly expensesPerMonth: number;
  readonly connections: number;
  readonly seconds: number;
  /** Requests of each one-client figure (planned-hours grid, roster matrix), after `warmup` untimed ones. */
  readonly runs: number;
  readonly warmup: number;
  /** The audit's: requests per figure, and the audited events its export needs (bench/audit.ts). */
  readonly auditRuns: number;
  readonly auditEvents: number;
}

export interface LoadFigures extends LatencySummary {
  readonly requests: number;
  readonly non2xx: number;
  readonly bytesPerAnswer: number;
}

export interface ReviewLoopResults {
  readonly timesheetEntries: number;
  readonly expenses: number;
  readonly events: number;
  readonly loadSeconds: number;
  readonly catchUpSeconds: number;
  readonly review: LoadFigures;
  /** One client, each request a filter nothing was kept for: the review computed afresh. */
  readonly reviewFresh: LoadFigures;
  readonly approveAll: LoadFigures;
  readonly board: LoadFigures;
  readonly reviewRows: number;
  readonly roster: RosterMatrixFigures;
  /** The planned-hours grid of the largest project over the last 12 months, one client. */
  readonly plannedHours: LoadFigures;
  readonly plannedHoursPeople: number;
  /** The last month's review (all staff, first page) as of past instants, one client. */
  readonly reviewAsOf: LoadFigures;
  /** The audit's search, history, 1M-event export and chain check (bench/audit.ts). */
  readonly audit: AuditFigures;
  /** Every read model rebuilt by projections:rebuild under the review's load (bench/rebuild-all.ts). */
  readonly rebuild: RebuildAllFigures;
}

const FIRST_YEAR = 2024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `connections` clients asking `path` for `seconds`; latencies of every answer (also added to `keep`). */
export async function load(
  portal: PortalProcess,
  token: string,
  path: string,
  connections: number,
  seconds: number,
  keep?: number[],
): Promise<LoadFigures> {
  const samples: number[] = [];
  let bytes = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${portal.baseUrl}${path}`,
        connections,
        duration: seconds,
        // As a browser asks: answers the portal keeps go out compressed (brotli, gzip).
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
      },
      (error: unknown, answer: autocannon.Result) => (error ? reject(error) : resolve(answer)),
    );
    instance.on('response', (_client, _status, resBytes, responseTime) => {
      samples.push(responseTime);
      keep?.push(responseTime);
      bytes += resBytes;
    });
  });
  return {
    ...sampleFigures(samples, result.non2xx),
    requests: result.requests.total,
    bytesPerAnswer: samples.length > 0 ? bytes / samples.length : 0,
  };
}

export async function benchReviewLoop(options: ReviewLoopOptions): Promise<ReviewLoopResults> {
  const database = await createBenchDatabase(options.adminUrl, 8);
  try {
    const dataset = new BenchDataset(options.people, FIRST_YEAR, {
      months: options.months,
      projects: options.projects,
      expensesPerMonth: options.expensesPerMonth,
      admin: true,
    });
    const store = new PostgresEventStore(database.db);
    progress(
      `review loop: the firm's history (${options.people} people, ${options.projects} projects, ` +
        `${options.months} months) appended to ${database.name}`,
    );
    const loadStarted = performance.now();
    const plannedMonths = dataset.months.slice(-12);
    await appendSetup(store, [...dataset.setupAppends(), dataset.plannedHoursAppend(plannedMonths)]);
    const appended = await appendLedgers(store, dataset, 4, (done, total) => {
      if (done % 2000 === 0) progress(`  ${done} of ${total} ledgers`);
    });
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const expenses = options.people * options.months * options.expensesPerMonth;

    const lastMonth = dataset.months.at(-1)!;
    const now = `${lastMonth}-18T15:00:00.000Z`;
    progress(`starting the portal on it (now = ${now}); it builds every read model from the log`);
    const catchUpStarted = performance.now();
    const portal = await startFirmPortal(database.url, now);
    try {
      await waitForProjections(database.db, portal);
      await sql`analyze`.execute(database.db);
      // The read models can be caught up before the portal has finished starting (503 until then).
      let signIn = await portal.json<{ token: string }>('POST', '/api/auth/dev/sign-in', undefined, {
        staffId: BENCH_ADMIN_ID,
      });
      for (let tries = 0; signIn.status === 503 && tries < 600; tries++) {
        await sleep(1000);
        signIn = await portal.json<{ token: string }>('POST', '/api/auth/dev/sign-in', undefined, {
          staffId: BENCH_ADMIN_ID,
        });
      }
      if (signIn.status >= 300)
        throw new Error(
          `Dev sign-in of the bench admin answered ${signIn.status}: ${JSON.stringify(signIn.body)}`,
        );
      const token = signIn.body.token;
      // The portal answers 503 until it has started (its read models built); then 200.
      for (let probe = await portal.json('GET', '/api/periods/board', token); probe.status !== 200;) {
        if (probe.status !== 503)
          throw new Error(`GET /api/periods/board answered ${probe.status}: ${JSON.stringify(probe.body)}`);
        await sleep(1000);
        probe = await portal.json('GET', '/api/periods/board', token);
      }
      const catchUpSeconds = (performance.now() - catchUpStarted) / 1000;
      const start = `${lastMonth}-01`;
      const end = endOfMonth(start);

      const reviewPath = `/api/admin/review?start=${start}&end=${end}`;
      const probe = await portal.json<{ time?: unknown[] }>('GET', reviewPath, token);
      progress(`review: ${options.connections} clients for ${options.seconds} s on GET ${reviewPath}`);
      const review = await load(portal, token, reviewPath, options.connections, options.seconds);

      progress('every read model rebuilt (projections:rebuild) while the review is asked for');
      const rebuild = await benchRebuildAll(database.url, portal, (seconds, keep) =>
        load(portal, token, reviewPath, options.connections, seconds, keep),
      );

      progress('review computed afresh: one client, a new date range each time');
      const freshSamples: number[] = [];
      let freshFailures = 0;
      for (let day = 2; day <= 21; day++) {
        const from = `${lastMonth}-${String(day).padStart(2, '0')}`;
        const started = performance.now();
        const answer = await portal.json('GET', `/api/admin/review?start=${from}&end=${end}`, token);
        freshSamples.push(performance.now() - started);
        if (answer.status >= 300) freshFailures += 1;
      }
      const reviewFresh = sampleFigures(freshSamples, freshFailures);

      progress('period board: one client');
      const board = await load(portal, token, '/api/periods/board', 1, options.seconds);

      progress('approve all: one person and period after another');
      const random = new Random('bench-approve');
      const approveSamples: number[] = [];
      let approveFailures = 0;
      for (const person of random.sample(dataset.people, 60)) {
        const started = performance.now();
        const answer = await portal.json('POST', '/api/admin/review/approve', token, {
          employeeId: person.staffId,
          projectId: person.projectIds[0],
          start,
          end,
        });
        approveSamples.push(performance.now() - started);
        if (answer.status >= 300) approveFailures += 1;
      }
      progress(`  approvals, in order: ${approveSamples.map((v) => v.toFixed(0)).join(', ')} ms`);
      const approveAll = sampleFigures(approveSamples, approveFailures);

      progress('review as of an instant: one client, the last month as of instants from its 1st to now');
      const asOfSamples: number[] = [];
      let asOfFailures = 0;
      for (let day = 1; day <= 18; day += 1) {
        // Each a different instant (nothing is kept for a past view), the last one after the approvals.
        const instant = day === 18 ? now : `${lastMonth}-${String(day).padStart(2, '0')}T12:00:00.000Z`;
        const started = performance.now();
        const answer = await portal.json('GET', `${reviewPath}&asOf=${encodeURIComponent(instant)}`, token);
        asOfSamples.push(performance.now() - started);
        if (answer.status >= 300 && asOfFailures++ === 0)
          progress(`review as of answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      }
      progress(
        `  as of, in order (the 1st to the 17th at noon, then now): ${asOfSamples.map((v) => v.toFixed(0)).join(', ')} ms`,
      );
      const reviewAsOf = sampleFigures(asOfSamples, asOfFailures);
      progress('roster matrix: all staff by all projects, one client');
      const roster = await benchRosterMatrix(portal, token, options.runs, options.warmup);

      const largest = dataset.largestProject();
      const gridPath =
        `/api/admin/planned-hours?projectId=${largest.projectId}` +
        `&from=${plannedMonths[0]}&to=${plannedMonths.at(-1)}`;
      progress(`planned-hours grid: one client, GET ${gridPath}`);
      const gridSamples: number[] = [];
      let gridFailures = 0;
      for (let run = -options.warmup; run < options.runs; run++) {
        const started = performance.now();
        const answer = await portal.json('GET', gridPath, token);
        if (run < 0) continue;
        gridSamples.push(performance.now() - started);
        if (answer.status >= 300 && gridFailures++ === 0)
          progress(
            `planned-hours grid answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`,
          );
      }
      const plannedHours = sampleFigures(gridSamples, gridFailures);
      const audit = await benchAudit(
        portal,
        token,
        database.db,
        database.url,
        dataset.months,
        dataset.people,
        {
          runs: options.auditRuns,
          warmup: options.warmup,
          exportEvents: options.auditEvents,
        },
      );
      return {
        timesheetEntries: appended.events - expenses,
        expenses,
        events: appended.events,
        loadSeconds,
        catchUpSeconds,
        review,
        reviewFresh,
        approveAll,
        board,
        reviewRows: probe.body?.time?.length ?? 0,
        roster,
        plannedHours,
        plannedHoursPeople: largest.people.length,
        reviewAsOf,
        audit,
        rebuild,
      };
    } finally {
      await portal.stop();
    }
  } finally {
    await database.drop();
  }
}

/** Figures of requests sent one after another (latencies in ms). */
export function sampleFigures(samples: number[], failures: number): LoadFigures {
  samples.sort((a, b) => a - b);
  return {
    runs: samples.length,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    maxMs: samples.at(-1) ?? Number.NaN,
    requests: samples.length,
    non2xx: failures,
    bytesPerAnswer: 0,
  };
}

/** The read models the portal builds on a fresh database (more may exist; these must all be there). */
/** What the review loop reports into: the bench's goals table, its latency table and its notes. */
export type ReviewLoopSink = BenchSink;

export function reportReviewLoop(
  sink: ReviewLoopSink,
  options: ReviewLoopOptions,
  r: ReviewLoopResults,
): void {
  const { review, approveAll, board, plannedHours, reviewAsOf } = r;
  latencyGoals(sink, [
    [
      `review of one period, all staff, ${options.connections} clients: p95`,
      review.p95Ms,
      100,
      review.non2xx,
    ],
    ['approve all, one person and period: p95', approveAll.p95Ms, 200, approveAll.non2xx],
    ['period board (admin, whole firm): p95', board.p95Ms, 300, board.non2xx],
    [
      'planned-hours grid for the largest project over 12 months: p95',
      plannedHours.p95Ms,
      100,
      plannedHours.non2xx,
    ],
  ]);
  sink.query(
    `HTTP review, ${options.connections} clients`,
    r.review,
    `${r.reviewRows} time rows, ${Math.round(r.review.bytesPerAnswer / 1024)} kB as sent (brotli)`,
  );
  sink.goals.add('review computed afresh (nothing kept), 1 client: p95', ms(r.reviewFresh.p95Ms), '', null);
  latencyGoals(sink, [
    [
      'review as of an instant (one period, all staff, rebuilt from the log): max',
      reviewAsOf.maxMs,
      2000,
      reviewAsOf.non2xx,
      '<= 2 s',
    ],
  ]);
  sink.query('HTTP review as of an instant, 1 client', r.reviewAsOf, 'the last month, 18 instants');
  reportAudit(sink, r.audit);
  reportRebuildAll(sink, r.review, r.rebuild, options.connections);
  sink.query('HTTP review afresh, 1 client', r.reviewFresh, 'a new date range each time');
  sink.query('HTTP approve all', r.approveAll, 'one person, project, month');
  latencyGoals(sink, [
    ['roster matrix for all staff and all projects served: p95', r.roster.p95Ms, 300, r.roster.failures],
  ]);
  sink.query(
    'HTTP roster matrix, 1 client',
    r.roster,
    `${r.roster.people} people x ${r.roster.projects} projects, ${r.roster.pairs} allowed, ${Math.round(r.roster.bytes / 1024)} kB`,
  );
  sink.query('HTTP period board, 1 client', r.board, `${Math.round(r.board.bytesPerAnswer / 1024)} kB`);
  sink.query(
    'HTTP planned-hours grid, 1 client',
    r.plannedHours,
    `${r.plannedHoursPeople} people x 12 months, planned and recorded`,
  );
  sink.notes.push(
    `review loop: ${r.timesheetEntries.toLocaleString('en-US')} timesheet entries and ${r.expenses.toLocaleString('en-US')} expenses ` +
      `(${options.people} people, ${options.projects} projects, ${options.months} months) appended in ${r.loadSeconds.toFixed(0)} s; ` +
      `the portal (dist/main.js, every role, a child process) built its read models from the log in ${r.catchUpSeconds.toFixed(0)} s.`,
    `review loop: load by autocannon for ${options.seconds} s per endpoint against the real HTTP endpoints, signed in as an admin; ` +
      `answers that were not 2xx: review ${r.review.non2xx} (afresh ${r.reviewFresh.non2xx}), approve ${r.approveAll.non2xx}, board ${r.board.non2xx}, planned-hours grid ${r.plannedHours.non2xx} (a goal counts as missed when any failed).`,
    `planned-hours grid: GET /api/admin/planned-hours for the project most people may bill (${r.plannedHoursPeople} people), ` +
      'its last 12 months planned (one PlannedHoursSet in the setup) and their recorded hours summed from the timesheets read model; ' +
      `${options.runs} requests one after another after ${options.warmup} untimed ones.`,
  );
}
