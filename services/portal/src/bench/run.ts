/*
 * Over 350 lines on purpose: the bench's driver runs its phases in order and prints the goals
 * table; splitting the phases apart would scatter the one report they fill.
 */
import 'reflect-metadata';
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { timesheetListQuerySchema } from '@portal/contracts';
import { sql } from 'kysely';
import { ReadModelProjectDirectory } from '../modules/catalog/queries/project-directory';
import { CATALOG_READ_MODEL, catalogProjection } from '../modules/catalog/projections/catalog.projection';
import { ReadModelRosterQueries } from '../modules/roster/queries/roster-queries';
import { ROSTER_READ_MODEL, rosterProjection } from '../modules/roster/projections/roster.projection';
import {
  TIMESHEETS_READ_MODEL,
  timesheetsProjection,
} from '../modules/timesheets/projections/timesheets.projection';
import { ListTimesheets, ListTimesheetsHandler } from '../modules/timesheets/queries/list-timesheets';
import type { Database } from '../platform/database/database';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { readModelSchema } from '../platform/projection/projection';
import { ProjectionRunner } from '../platform/projection/projection-runner';
import { appendLedgers, appendSetup, countLedgers } from './append-ledgers';
import { createBenchDatabase, DEFAULT_BENCH_DATABASE_URL, type BenchDatabase } from './bench-database';
import { BenchDataset, Random } from './dataset';
import {
  fmtInt,
  fmtMb,
  fmtMs,
  fmtRate,
  fmtSeconds,
  measureLatency,
  progress,
  renderTable,
  RssSampler,
  timed,
  type FigureSink,
  type LatencySummary,
} from './measure';
import { readWholeLog } from './log-read';
import { verifyEventChains } from '../platform/event-store/chain-verifier';
import { benchExpenseExports } from './expense-exports';
import { rssGoal } from './goals';
import { benchIdle, type IdleResults } from './idle';
import { benchIdleFleet, reportIdleFleet } from './idle-fleet';
import { benchReviewLoop, reportReviewLoop, type ReviewLoopOptions } from './review-loop';
import { benchAuditExport } from './audit-export-bench';
import { benchHistoryImport, benchRosterImport } from './imports';
import { benchOcr } from './ocr';
import { benchRosterSave } from './roster-save';
import { benchConfig, type BenchConfig } from './config';
import { PartRunner } from './parts';
import { fmtKb, INITIAL_JS_GOAL_BYTES, measureWebDist } from '../../../../web/build/initial-js.cjs';
import { benchLcp, LCP_FIGURE, LCP_GOAL_SECONDS, THROTTLING, type LcpResult } from './lcp';
import { lastDayOf, periodOverview } from './period-overview';
import { compareWithProjection, createRawTables, insertRaw, rawEntryBatches, RAW_SCHEMA } from './raw-insert';

/**
 * `npm run bench`: figures for the event log and the timesheets read model on a real PostgreSQL:
 * append rate, projection rebuild rate beside a raw INSERT of the same rows, query latencies,
 * peak memory per phase, the expense exports (each in a child process of its own), and the
 * portal at rest (started in a child process, left idle, then read-your-writes over HTTP). It
 * works in databases of its own, created and migrated at the start and dropped at the end. The
 * first table sets the figures the portal is held to beside their goals.
 *
 * Environment: BENCH_DATABASE_URL (a server and a database to connect to for CREATE/DROP
 * DATABASE), BENCH_PEOPLE (default 200; smaller only for a quick trial of the bench itself),
 * BENCH_IDLE_SECONDS (default 45, at least 5), BENCH_PARTS (default `web,lcp,log,queries,review,audit,imports,roster,exports,ocr,idle`;
 * the queries need the log part), BENCH_FIRM_PEOPLE / BENCH_FIRM_MONTHS / BENCH_FIRM_PROJECTS (the
 * review loop's firm, default 1200 / 29 / 1500), BENCH_LOAD_SECONDS (each HTTP load, default 15),
 * BENCH_AUDIT_EVENTS (the audit export's events, default 1,000,000), BENCH_ROSTER_CHANGES (the
 * roster part's earlier changes in the one roster stream, default 50,000), BENCH_EXPORT_ROWS /
 * BENCH_ZIP_RECEIPTS (the expense exports, default 100,000 / 500), BENCH_HISTORY_ROWS (the imports
 * part's timesheet history, default 100,000), BENCH_OCR_PHOTOS (the ocr part's synthetic receipt
 * photos, default 60; bench/ocr.ts) and BENCH_PORTAL_LOG (a file that
 * gets the started portal's whole output). The `web` part reads the web app `npm run bench` builds
 * first (web/dist; web/build/initial-js.cjs).
 *
 * BENCH_SMOKE=1 (`npm run bench:smoke`, run by `npm test` after `npm run build`): every part at its
 * smallest (bench/config.ts: 5 people, a firm of 12 people over 2 months, 1,000 audited events, 300
 * expense rows and 5 receipts, 2 receipt photos read by OCR, 2 s of idle, 1 s loads with 2
 * clients), through the same code; the
 * goals table is printed but its figures are not judged. Either way a part that throws is reported,
 * the others still run, and the run exits 1 (0 when every part ran, whatever the figures).
 *
 * Only some parts: `npm run bench -- review` (or `-- log,queries`; the argument wins over
 * BENCH_PARTS). The `review` part builds the firm once and measures on it the review loop, the
 * review as of an instant and the audit (issue 11: search over one month, one entity's history,
 * the export of 1,000,000 audited events in a child process, the hash chains of the firm log;
 * bench/audit.ts). The `audit` part writes 1,000,000 of the firm's events into the audit read
 * model by the projection's own writer and exports them (bench/audit-export-bench.ts), so
 * `npm run bench -- audit` measures the export alone; the review part exports only when its firm
 * holds 1,000,000 audited events.
 */
/** The firm of issue 8's figures: 1,200 people, 1,500 projects, ~1.5M entries, ~200k expenses. */
function reviewLoopOptions(config: BenchConfig, adminUrl: string): ReviewLoopOptions {
  return {
    adminUrl,
    ...config.firm,
    expensesPerMonth: 6,
    connections: config.loadConnections,
    seconds: config.loadSeconds,
    runs: config.httpRuns,
    warmup: config.httpWarmup,
    auditRuns: config.auditRuns,
    auditEvents: config.auditEvents,
  };
}
const YEAR = 2025;
const APPENDERS = 4;
/** The projection runner's default batch (events per read and per transaction). */
const RUNNER_BATCH = 500;
/** Where `npm run build:web` puts the web app, seen from services/portal/dist/bench/run.js. */
const WEB_DIST = join(__dirname, '..', '..', '..', '..', 'web', 'dist');

/** The goals of issue #7 §4, each beside the figure measured. */
class Goals {
  private readonly rows: string[][] = [['Figure', 'Value', 'Goal', 'Verdict']];

  /** `ok`: null when the figure is for information only (no goal). */
  add(figure: string, value: string, goal: string, ok: boolean | null): void {
    this.rows.push([figure, value, goal, ok === null ? 'info' : ok ? 'ok' : 'OVER']);
  }

  get missed(): number {
    return this.rows.filter((row) => row[3] === 'OVER').length;
  }

  render(): string {
    return renderTable(this.rows);
  }
}

class Report implements FigureSink {
  private readonly throughput: string[][] = [['Phase', 'Amount', 'Time', 'Rate', 'Peak RSS']];
  private readonly latency: string[][] = [['Query', 'Runs', 'p50', 'p95', 'Max', 'Rows per run', 'Peak RSS']];
  readonly notes: string[] = [];
  readonly goals = new Goals();

  constructor(private readonly rss: RssSampler) {}

  /** `label: {amount} {unit} in {time} = {rate}`, with the peak RSS since the previous figure (or the one given). */
  readonly rate: FigureSink['rate'] = (label, amount, unit, seconds, detail, peakRssBytes) => {
    const rate = fmtRate(amount, seconds, unit);
    const peak = peakRssBytes === undefined ? this.peak() : `${fmtMb(peakRssBytes)} (child)`;
    this.throughput.push([label, `${fmtInt(amount)} ${unit}`, fmtSeconds(seconds), rate, peak]);
    progress(`${label}: ${fmtInt(amount)} ${unit} in ${fmtSeconds(seconds)} = ${rate}`);
    if (detail) this.notes.push(`${label}: ${detail}`);
  };

  query(label: string, summary: LatencySummary, rowsPerRun: string, peak = this.peak()): void {
    this.latency.push([
      label,
      String(summary.runs),
      fmtMs(summary.p50Ms),
      fmtMs(summary.p95Ms),
      fmtMs(summary.maxMs),
      rowsPerRun,
      peak,
    ]);
    progress(`${label}: p50 ${fmtMs(summary.p50Ms)}, p95 ${fmtMs(summary.p95Ms)}`);
  }

  render(header: readonly string[]): string {
    return [
      '',
      ...header,
      '',
      this.goals.render(),
      '',
      renderTable(this.throughput),
      '',
      renderTable(this.latency),
      '',
      ...this.notes.map((note) => `- ${note}`),
      '',
    ].join('\n');
  }

  private peak(): string {
    const peak = fmtMb(this.rss.peakBytes());
    this.rss.reset();
    return peak;
  }
}

function reportIdle(report: Report, idle: IdleResults, seconds: number): void {
  const { postgres, readYourWrites: ryw, embedded } = idle;
  const tps = postgres.transactionsPerSecond ?? Number.NaN;
  report.goals.add('idle: database transactions/s (PostgreSQL)', tps.toFixed(2), '<= 1', tps <= 1);
  report.goals.add(
    'idle: CPU of the portal process',
    `${postgres.cpuPercent.toFixed(2)} %`,
    '< 1 %',
    postgres.cpuPercent < 1,
  );
  rssGoal(report, 'idle: RSS of the portal process (PostgreSQL)', postgres.rssBytes);
  report.goals.add(
    'read-your-writes p95 (command, then query)',
    fmtMs(ryw.p95Ms),
    '<= 50 ms, all seen',
    ryw.p95Ms <= 50 && ryw.unseen === 0,
  );
  if (embedded) {
    report.goals.add(
      'idle: RSS of the portal process (embedded PGlite)',
      fmtMb(embedded.rssBytes),
      'as low as it goes',
      null,
    );
    report.goals.add(
      'idle: CPU of the portal process (embedded PGlite)',
      `${embedded.cpuPercent.toFixed(2)} %`,
      '< 1 %',
      embedded.cpuPercent < 1,
    );
  }
  report.query('read-your-writes', ryw, ryw.unseen === 0 ? 'all seen' : `${ryw.unseen} unseen`, '(child)');
  report.notes.push(
    `idle: dist/main.js with every role (api, projector, worker; demo seed; no Redis) in a child process on a fresh ` +
      `PostgreSQL database, watched for ${seconds} s after it settled: transactions from pg_stat_database ` +
      `(xact_commit + xact_rollback), CPU time and peak RSS from /proc.` +
      (embedded
        ? ` The same on the embedded default (PGlite in a temporary folder${idle.embeddedSeed ? '' : ', without the demo seed'}).`
        : ''),
    `read-your-writes: against that child, ${ryw.runs} times: POST /api/timesheets (one entry), then GET /api/timesheets ` +
      'for its day, timed together; "seen" = the GET shows the entry.',
  );
}

/** The web app's initial JS (gzip) beside its goal; read from the last build of web/dist. */
function reportWeb(report: Report): void {
  const web = measureWebDist(WEB_DIST);
  const goal = `<= ${INITIAL_JS_GOAL_BYTES / 1000} kB`;
  if (!web) {
    report.goals.add('web: initial JS (gzip)', 'not measured', goal, null);
    report.notes.push(
      `web: ${WEB_DIST} holds no build (index.html and .vite/manifest.json); run npm run build:web.`,
    );
    return;
  }
  report.goals.add(
    'web: initial JS (gzip)',
    fmtKb(web.gzipBytes),
    goal,
    web.gzipBytes <= INITIAL_JS_GOAL_BYTES,
  );
  for (const route of web.routes) {
    report.goals.add(
      `web: JS of the first screen ${route.route} (gzip)`,
      fmtKb(route.gzipBytes),
      goal,
      route.gzipBytes <= INITIAL_JS_GOAL_BYTES,
    );
  }
  report.notes.push(
    `web: initial JS = index.html's entry script and modulepreloads with their static imports (Vite manifest), ` +
      `${web.files.length} files, each gzipped (zlib default level), 1 kB = 1000 bytes; measured on ${WEB_DIST} ` +
      `as built at ${statSync(join(WEB_DIST, 'index.html')).mtime.toISOString()}. A first screen adds its ` +
      `route's lazy chunks (docs/decisions/0107-initial-js-budget.md).`,
  );
}

/** The LCP of /timesheets/create on a throttled phone beside its goal (bench/lcp.ts). */
function reportLcp(report: Report, lcp: LcpResult): void {
  const goal = `<= ${LCP_GOAL_SECONDS} s`;
  if (!lcp.measured) {
    report.goals.add(LCP_FIGURE, 'not measured', goal, null);
    report.notes.push(`LCP: not measured: ${lcp.reason}.`);
    return;
  }
  report.goals.add(
    LCP_FIGURE,
    `${lcp.medianSeconds.toFixed(2)} s`,
    goal,
    lcp.medianSeconds <= LCP_GOAL_SECONDS,
  );
  report.notes.push(
    `LCP: median of ${lcp.runsSeconds.length} cold loads (${lcp.runsSeconds.map((s) => s.toFixed(2)).join(', ')} s) ` +
      `of /timesheets/create signed in as the demo contractor, Chromium on a 412×823 phone viewport, CPU ` +
      `×${THROTTLING.cpuRate}, ${(THROTTLING.downloadBytesPerSecond * 8) / 1e6} Mbps down, ` +
      `${(THROTTLING.uploadBytesPerSecond * 8) / 1e3} kbps up, ${THROTTLING.latencyMs} ms latency (CDP), read from ` +
      `PerformanceObserver('largest-contentful-paint') once the page settled, after one untimed load (the portal ` +
      `compresses each file once); the portal (dist/main.js) serves web/dist. Largest element: ${lcp.elements.join('; ')}.`,
  );
}

/** 1 and 2: the log (setup, a year of timesheets), reading it, the rebuild beside a raw INSERT. */
async function benchLog(
  db: Database,
  database: BenchDatabase,
  eventStore: PostgresEventStore,
  report: Report,
  people: number,
  /** Told of the runner at once, so it is stopped even if the bench fails halfway. */
  track: (runner: ProjectionRunner) => void,
) {
  const dataset = new BenchDataset(people, YEAR);
  // 1. Setup (names and rights the read models need), then a year of timesheets.
  const setup = await timed(() => appendSetup(eventStore, dataset.setupAppends()));
  report.rate(
    'append setup',
    setup.result.events,
    'events',
    setup.seconds,
    'OwnerRegistered, ClientRegistered, ProjectOpened, StaffMemberRegistered, RosterChanged; one append each, one after the other.',
  );
  const generated = await timed(async () => countLedgers(dataset));
  report.rate(
    'generate (no I/O)',
    generated.result.events,
    'events',
    generated.seconds,
    'building the TimesheetSubmitted events in memory only; this work is also inside the append time.',
  );
  let lastReported = 0;
  const appended = await timed(() =>
    appendLedgers(eventStore, dataset, APPENDERS, (done, total) => {
      if (done - lastReported >= total / 10 || done === total) {
        lastReported = done;
        progress(`appended ${done}/${total} ledgers`);
      }
    }),
  );
  const a = appended.result;
  report.rate(
    'append timesheets',
    a.events,
    'events',
    appended.seconds,
    `TimesheetSubmitted through PostgresEventStore.append: ${fmtInt(a.appends)} appends ` +
      `(${fmtRate(a.appends, appended.seconds, 'appends')}, avg ${(a.events / a.appends).toFixed(1)} events = ` +
      `one person-week each) into ${fmtInt(a.streams)} ledger-{employeeId}-{yyyy-mm} streams, ` +
      `${APPENDERS} concurrent appenders, each at the exact expected revision.`,
  );
  const logTotals = await sql<{ total: string; handled: string }>`
    select count(*)::text as total,
           count(*) filter (where type = any(${[...timesheetsProjection.eventTypes]}::text[]))::text as handled
    from events`.execute(db);
  const logEvents = Number(logTotals.rows[0]?.total ?? 0);
  const handledEvents = Number(logTotals.rows[0]?.handled ?? 0);

  // 2. Reading the log alone, the projection rebuild through the real runner, and the raw INSERT of the same rows.
  const read = await timed(() => readWholeLog(eventStore, RUNNER_BATCH));
  report.rate(
    'read log (readAll)',
    read.result.delivered,
    'events',
    read.seconds,
    `EventStore.readAll in batches of ${RUNNER_BATCH}, as a rebuild reads it, applying nothing.`,
  );
  if (read.result.delivered !== logEvents || read.result.distinct !== logEvents) {
    report.notes.push(
      `WARNING: reading the whole log delivered ${fmtInt(read.result.delivered)} events ` +
        `(${fmtInt(read.result.distinct)} distinct) of the ${fmtInt(logEvents)} stored: ` +
        `${fmtInt(logEvents - read.result.distinct)} skipped, ${fmtInt(read.result.delivered - read.result.distinct)} repeated.`,
    );
  }
  const verified = await timed(() => verifyEventChains(db));
  report.rate(
    'verify hash chains (audit:verify)',
    verified.result.checkedEvents,
    'events',
    verified.seconds,
    `Every stream's hash chain checked by keyset pages (${verified.result.ok ? 'intact' : 'BROKEN'}).`,
  );
  const projectionRunner = new ProjectionRunner({
    db,
    handle: database,
    eventStore,
    projections: [timesheetsProjection, catalogProjection, rosterProjection],
    batchSize: RUNNER_BATCH,
    logger: {
      log: () => undefined,
      warn: (message) => progress(`runner warning: ${message}`),
      error: (message) => progress(`runner error: ${message}`),
    },
  });
  track(projectionRunner);
  progress(`rebuilding ${TIMESHEETS_READ_MODEL} from ${fmtInt(logEvents)} log events`);
  const rebuilt = await timed(() => projectionRunner.rebuild(TIMESHEETS_READ_MODEL));
  report.rate(
    `rebuild ${TIMESHEETS_READ_MODEL}`,
    logEvents,
    'events',
    rebuilt.seconds,
    `ProjectionRunner.rebuild('${TIMESHEETS_READ_MODEL}') over the whole log (${fmtInt(handledEvents)} of the ` +
      `${fmtInt(logEvents)} events are of its types), batches of ${RUNNER_BATCH}, one transaction per batch.`,
  );

  const rawBatches = rawEntryBatches(dataset, RUNNER_BATCH);
  await createRawTables(db);
  const raw = await timed(() => insertRaw(db, rawBatches));
  report.rate(
    'raw INSERT, same rows',
    raw.result,
    'rows',
    raw.seconds,
    `${RUNNER_BATCH}-row INSERTs, one transaction each, one after the other, into ${RAW_SCHEMA}.entries ` +
      `(created by the timesheets projection's own createTables: same columns and indexes). ` +
      `The rebuild took ${(rebuilt.seconds / raw.seconds).toFixed(1)}x as long.`,
  );
  rawBatches.length = 0;
  const comparison = await compareWithProjection(db);
  report.notes.push(
    comparison.missing === 0 && comparison.extra === 0
      ? `Like for like: the rebuilt ${readModelSchema(TIMESHEETS_READ_MODEL)}.entries equals the raw rows ` +
          `(${fmtInt(comparison.projected)} rows, every column compared).`
      : `WARNING: the rebuilt ${readModelSchema(TIMESHEETS_READ_MODEL)}.entries has ${fmtInt(comparison.projected)} ` +
          `rows; ${fmtInt(comparison.missing)} of the ${fmtInt(raw.result)} generated entries are missing or ` +
          `different there, ${fmtInt(comparison.extra)} rows are extra or different.`,
  );

  progress(`rebuilding ${CATALOG_READ_MODEL} and ${ROSTER_READ_MODEL} (the list query reads them)`);
  const support = await timed(async () => {
    await projectionRunner.rebuild(CATALOG_READ_MODEL);
    await projectionRunner.rebuild(ROSTER_READ_MODEL);
  });
  report.rate(
    `rebuild ${CATALOG_READ_MODEL} + ${ROSTER_READ_MODEL}`,
    2 * logEvents,
    'events',
    support.seconds,
    'both read the whole log; together they apply only the few hundred setup events. ' +
      'ListTimesheetsHandler reads them for showOvertime.',
  );

  return {
    dataset,
    appended: a,
    runner: projectionRunner,
    rebuildRate: logEvents / rebuilt.seconds,
    rawRate: raw.result / raw.seconds,
    likeForLike: comparison.missing === 0 && comparison.extra === 0,
  };
}

/** 3: query latencies over the rebuilt read models, `runs` each after `warmup` untimed ones. */
async function benchQueries(
  db: Database,
  dataset: BenchDataset,
  report: Report,
  rss: RssSampler,
  { runs, warmup }: { runs: number; warmup: number },
) {
  // 3. Query latency. ANALYZE first: autovacuum would do the same within a minute or so.
  await sql`analyze ${sql.join([
    sql.id(readModelSchema(TIMESHEETS_READ_MODEL), 'entries'),
    sql.id(readModelSchema(CATALOG_READ_MODEL), 'projects'),
    sql.id(readModelSchema(ROSTER_READ_MODEL), 'roster_entries'),
  ])}`.execute(db);
  rss.reset();

  const list = new ListTimesheetsHandler(
    db,
    new ReadModelRosterQueries(db),
    new ReadModelProjectDirectory(db),
  );
  const random = new Random('bench-queries');
  let listRows = 0;
  let listRuns = 0;
  let listEmpty = 0;
  const listLatency = await measureLatency(runs, warmup, async (run) => {
    const person = random.pick(dataset.people);
    const month = random.pick(dataset.months);
    const query = timesheetListQuerySchema.parse({ start: `${month}-01`, end: lastDayOf(month) });
    const asker = {
      staffId: person.staffId,
      name: '',
      username: '',
      isAdmin: false,
      userType: 'default' as const,
      canEditRoster: false,
      needReceipt: false,
    };
    const result = await list.execute(new ListTimesheets(asker, query));
    if (run < 0) return; // a warm-up run
    // Every generated person-month has entries: an empty answer means the read model lost some.
    if (result.rows.length === 0) listEmpty += 1;
    listRows += result.rows.length;
    listRuns += 1;
  });
  report.query('one person, one month', listLatency, (listRows / listRuns).toFixed(1));

  let periodRows = 0;
  let periodPeople = 0;
  let periodRuns = 0;
  const periodLatency = await measureLatency(runs, warmup, async (run) => {
    const overview = await periodOverview(db, random.pick(dataset.months));
    if (run < 0) return; // a warm-up run
    periodRows += overview.rows;
    periodPeople += overview.people.length;
    periodRuns += 1;
  });
  report.query(
    'all staff, one month',
    periodLatency,
    `${fmtInt(periodRows / periodRuns)} + ${fmtInt(periodPeople / periodRuns)} totals`,
  );
  if (listEmpty > 0) {
    report.notes.push(
      `WARNING: ${listEmpty} of the ${listRuns} one-person-one-month answers were empty although every ` +
        'person has entries in every month (the read model is missing entries; see the rebuild warning).',
    );
  }
  report.notes.push(
    'one person, one month: ListTimesheetsHandler.execute, the query behind GET /api/timesheets ' +
      '(rows by date, exact totals, and its roster + catalog look-ups for showOvertime); a random person and month per run.',
    'all staff, one month: the timesheets context has no such query yet, so the bench runs its own SQL ' +
      `(bench/period-overview.ts) over ${readModelSchema(TIMESHEETS_READ_MODEL)}.entries by date range ` +
      '(index entries_by_date_project): every row of the month, then per-person sums; two round trips; a random month per run.',
    `Queries run one at a time, each after ${warmup} untimed warm-up runs, on freshly ANALYZEd read-model tables.`,
  );
}

async function main(): Promise<number> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const config = benchConfig(process.env, process.argv[2]);
  if ('error' in config) {
    console.error(`Bench: ${config.error}`);
    return 1;
  }
  const { parts, smoke } = config;
  const rss = new RssSampler();
  const report = new Report(rss);
  const runner = new PartRunner();

  const databases: BenchDatabase[] = [];
  let store: PostgresEventStore | null = null;
  const runners: ProjectionRunner[] = [];
  const dropAll = () => Promise.all(databases.map((database) => database.drop().catch(() => undefined)));
  const onSignal = (signal: NodeJS.Signals) => {
    progress(`${signal}: dropping the bench databases`);
    void dropAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    progress(`creating a bench database on ${new URL(adminUrl).host}`);
    const database = await createBenchDatabase(adminUrl, APPENDERS + 4);
    databases.push(database);
    const db = database.db;
    const eventStore = new PostgresEventStore(db);
    store = eventStore;
    rss.reset();
    const header = [
      `Portal bench: Node ${process.version}, PostgreSQL ${database.serverVersion}, ${cpus().length} CPUs, ` +
        `load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} at the start`,
      `Database ${database.name} on ${new URL(adminUrl).host} (created and migrated for this run, dropped at the end)`,
    ];
    if (smoke)
      header.push(
        'SMOKE RUN (BENCH_SMOKE=1): every part at its smallest, to show that it runs; the figures are ' +
          'not judged (a verdict below says nothing of the portal) and the exit code counts only the parts that failed.',
      );

    if (parts.has('web')) await runner.run('web', () => reportWeb(report));
    if (parts.has('lcp'))
      await runner.run('lcp', async () => reportLcp(report, await benchLcp(adminUrl, config.lcpRuns)));

    if (parts.has('log')) {
      const log = await runner.run('log', async () => {
        const measured = await benchLog(db, database, eventStore, report, config.people, (made) =>
          runners.push(made),
        );
        header.push(
          `Dataset: ${config.people} people x 12 months of ${YEAR}, two entries per working day ` +
            `(${fmtInt(measured.appended.events)} entries), one append per person-week`,
        );
        report.goals.add(
          'rebuild timesheets',
          fmtRate(measured.rebuildRate, 1, 'events'),
          '>= 20,000 events/s',
          measured.rebuildRate >= 20_000,
        );
        const share = measured.rebuildRate / measured.rawRate;
        report.goals.add(
          'rebuild rate / raw INSERT rate, same rows',
          `${(100 * share).toFixed(0)} %`,
          '>= 30 %',
          share >= 0.3,
        );
        report.goals.add(
          'rebuilt rows equal the raw rows',
          measured.likeForLike ? 'yes' : 'no',
          'yes',
          measured.likeForLike,
        );
        return measured;
      });
      if (parts.has('queries')) {
        if (log) {
          const sizes = { runs: config.queryRuns, warmup: config.queryWarmup };
          await runner.run('queries', () => benchQueries(db, log.dataset, report, rss, sizes));
        } else runner.fail('queries', 'not run: the log part it reads failed');
      }
    }

    if (parts.has('review')) {
      const options = reviewLoopOptions(config, adminUrl);
      await runner.run('review', async () =>
        reportReviewLoop(report, options, await benchReviewLoop(options)),
      );
    }

    if (parts.has('audit')) {
      await runner.run('audit', () => benchAuditExport(adminUrl, config.firm, report, config.auditEvents));
    }

    if (parts.has('imports')) {
      await runner.run('imports', async () => {
        await benchRosterImport(adminUrl, config.firm, report);
        await benchHistoryImport(adminUrl, config.firm, config.historyRows, report);
      });
    }

    if (parts.has('roster')) {
      const sizes = { changes: config.rosterChanges, saves: config.rosterSaves, warmup: config.queryWarmup };
      await runner.run('roster', () => benchRosterSave(adminUrl, report, sizes));
    }

    if (parts.has('exports')) {
      await runner.run('exports', async () => {
        const sizes = { rows: config.exportRows, receipts: config.zipReceipts };
        const exports = await benchExpenseExports(db, database.url, report, sizes);
        rssGoal(
          report,
          `expense export ${fmtInt(sizes.rows)} rows (xlsx): peak RSS`,
          exports.xlsx.peakRssBytes,
        );
        rssGoal(report, `receipts zip ${fmtInt(sizes.receipts)} files: peak RSS`, exports.zip.peakRssBytes);
      });
    }

    if (parts.has('ocr')) {
      await runner.run('ocr', () => benchOcr(report, config.ocrPhotos, new Date()));
    }

    if (parts.has('idle')) {
      await runner.run('idle', async () => {
        const idleDatabase = await createBenchDatabase(adminUrl, 1);
        databases.push(idleDatabase);
        // The portal migrates and seeds it itself; the bench only watches.
        await idleDatabase.close();
        const idle = await benchIdle({
          adminUrl,
          databaseUrl: idleDatabase.url,
          databaseName: idleDatabase.name,
          seconds: config.idleSeconds,
          settleSeconds: config.idleSettleSeconds,
          rywRuns: config.rywRuns,
          rywWarmup: config.rywWarmup,
          embedded: true,
          embeddedSeed: config.idleEmbeddedSeed,
        });
        reportIdle(report, idle, config.idleSeconds);
        const fleet = await benchIdleFleet({
          adminUrl,
          databaseUrl: idleDatabase.url,
          databaseName: idleDatabase.name,
          seconds: config.idleSeconds,
          settleSeconds: config.idleSettleSeconds,
        });
        reportIdleFleet(report, fleet, config.idleSeconds);
      });
    }

    report.notes.push(...runner.summary());
    process.stdout.write(report.render(header));
    if (smoke) progress('smoke run: the figures are not judged');
    else if (report.goals.missed > 0)
      progress(`${report.goals.missed} figure(s) missed their goal (marked OVER)`);
    if (runner.failed.length > 0)
      progress(`${runner.failed.length} part(s) failed: ${runner.failed.map((f) => f.part).join(', ')}`);
    return runner.exitCode;
  } catch (error) {
    console.error(`Bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    rss.stop();
    for (const projectionRunner of runners) await projectionRunner.stop().catch(() => undefined);
    await store?.close().catch(() => undefined);
    for (const database of databases) {
      progress(`dropping ${database.name}`);
      await database.drop().catch((error: unknown) => {
        console.error(`Could not drop ${database.name}: ${String(error)}`);
      });
    }
  }
}

void main().then((code) => process.exit(code));
