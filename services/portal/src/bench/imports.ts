import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import {
  addDays,
  TIMESHEET_HISTORY_IMPORT_COLUMNS,
  UMBRELLA_PROJECT_ID,
  type DataImportKind,
  type DataImportReport,
  type DataImportStatus,
} from '@portal/contracts';
import type { Database } from '../platform/database/database';
import { writeRosterWorkbook } from '../modules/roster/exports/roster-workbook';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { appendSetup } from './append-ledgers';
import { BENCH_ADMIN_ID } from './bench-admin';
import { createBenchDatabase } from './bench-database';
import { BenchDataset, Random } from './dataset';
import type { BenchSink } from './goals';
import { fmtInt, fmtMb, procMemoryBytes, progress } from './measure';
import { startFirmPortal, waitForProjections } from './firm-portal';
import type { PortalProcess } from './idle';

const MB = 1024 * 1024;
/** The goals: the whole roster import within a minute, the portal within 300 MB. */
const ROSTER_SECONDS_GOAL = 60;
/** 100,000 rows of timesheet history within two minutes. */
const HISTORY_SECONDS_GOAL = 120;
/** The history's days: a past year (the dataset's own). */
const HISTORY_YEAR = 2024;
const HISTORY_ACTIVITY = 'Imported history';
const HISTORY_DAYS = 365;
const RSS_GOAL_BYTES = 300 * MB;
/** The share of the roster's cells marked Yes (the rest blank: may not bill). */
const ALLOWED_SHARE = 0.05;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Part `imports` of `npm run bench` (issue 25): a roster of the firm's people by its projects
 * (1,200 × 1,500; BENCH_FIRM_PEOPLE, BENCH_FIRM_PROJECTS) in the layout of employee-roster.xlsx,
 * uploaded to a portal in a child process of its own (its log holds the firm's people and
 * projects only), checked (the dry run) and applied (the job), timed end to end; the portal's peak
 * RSS (VmHWM) is the figure's memory.
 */
export async function benchRosterImport(
  adminUrl: string,
  firm: { people: number; projects: number },
  sink: BenchSink,
): Promise<void> {
  const database = await createBenchDatabase(adminUrl, 4);
  const file = join(tmpdir(), `bench-roster-${process.pid}.xlsx`);
  try {
    const dataset = new BenchDataset(firm.people, 2024, {
      months: 1,
      projects: firm.projects,
      expensesPerMonth: 0,
      admin: true,
      uniqueNames: true,
    });
    progress(`roster import: ${fmtInt(firm.people)} people and ${fmtInt(firm.projects)} projects appended`);
    await appendSetup(new PostgresEventStore(database.db), dataset.setupAppends());

    const owners = new Map([
      [1, 'Smartwork Consulting'],
      [2, 'Sightstream'],
    ]);
    const random = new Random('roster-import');
    const projects = dataset.projects;
    const lines: (string | null)[][] = [
      ['Employee Name', 'Company', ...projects.map((p) => p.name)],
      ...dataset.people.map((person) => [
        person.name,
        owners.get(person.ownerId) ?? null,
        ...projects.map(() => (random.next() < ALLOWED_SHARE ? 'Yes' : null)),
      ]),
    ];
    const out = createWriteStream(file);
    await writeRosterWorkbook(lines, out);
    await finished(out);
    const cells = dataset.people.length * projects.length;

    const size = `${fmtInt(dataset.people.length)} × ${fmtInt(projects.length)}`;
    progress(`roster import: uploading ${fmtInt(cells)} cells`);
    await timedImport(database, file, 'employee-roster.xlsx', 'roster', sink, {
      label: `roster import ${size}`,
      goalSeconds: ROSTER_SECONDS_GOAL,
      counted: 'cells changed',
    });
  } finally {
    await rm(file, { force: true });
    await database.drop();
  }
}

/**
 * The bench admin's token. A portal just caught up may still answer 503 (its read models
 * starting) for a moment on the loaded machine: asked again, a second apart, for up to 30 s.
 */
async function signInAdmin(portal: PortalProcess): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const signIn = await portal.json<{ token: string }>('POST', '/api/auth/dev/sign-in', undefined, {
      staffId: BENCH_ADMIN_ID,
    });
    if (signIn.status < 300) return signIn.body.token;
    if (signIn.status !== 503 || attempt >= 30) throw new Error(`Dev sign-in answered ${signIn.status}`);
    await sleep(1000);
  }
}

/** What a timed import prints: its figure's label, its goal, and what its changed count counts. */
interface ImportFigure {
  readonly label: string;
  readonly goalSeconds: number;
  readonly counted: string;
}

/**
 * Uploads `file` to a portal in a child process of its own (api and worker, on the firm's
 * database, a projector in another), checks and applies it, and prints the time from upload to
 * applied and the importing process's peak RSS (VmHWM) beside their goals.
 */
async function timedImport(
  database: { readonly url: string; readonly db: Database },
  file: string,
  fileName: string,
  kind: DataImportKind,
  sink: BenchSink,
  figure: ImportFigure,
): Promise<void> {
  // As deployed, the read models are built by a projector of their own; the import's process
  // (the api that checks, the worker that applies) is the one measured (decision 0289).
  const projector = await startFirmPortal(database.url, undefined, 'projector');
  const portal = await startFirmPortal(database.url, undefined, 'api,worker');
  try {
    await waitForProjections(database.db, portal);
    const token = await signInAdmin(portal);
    const startRss = procMemoryBytes(portal.pid, 'VmRSS');
    const bytes = await readFile(file);
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([bytes]), fileName);
    const answer = await fetch(`${portal.baseUrl}/api/admin/imports?kind=${kind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const report = (await answer.json()) as DataImportReport;
    if (answer.status !== 201 || !report.canApply)
      throw new Error(`The ${kind} check answered ${answer.status}: ${JSON.stringify(report).slice(0, 500)}`);
    const checked = performance.now();
    const peakAfterCheck = procMemoryBytes(portal.pid, 'VmHWM');
    const apply = await portal.json('POST', `/api/admin/imports/${report.importId}/apply`, token);
    if (apply.status !== 202) throw new Error(`Apply answered ${apply.status}`);
    let status: DataImportStatus;
    for (;;) {
      status = (await portal.json<DataImportStatus>('GET', `/api/admin/imports/${report.importId}`, token))
        .body;
      if (status.state === 'applied' || status.state === 'failed') break;
      await sleep(200);
    }
    if (status.state === 'failed') throw new Error(`The ${kind} apply failed: ${status.message}`);
    const done = performance.now();
    const seconds = (done - started) / 1000;
    const peak = procMemoryBytes(portal.pid, 'VmHWM');
    // The projector catches up with what was applied: its peak is printed beside the import's.
    await waitForProjections(database.db, portal);
    const projectorPeak = procMemoryBytes(projector.pid, 'VmHWM');
    sink.goals.add(
      `${figure.label} (check + apply)`,
      `${seconds.toFixed(1)} s`,
      `<= ${figure.goalSeconds} s`,
      seconds <= figure.goalSeconds,
    );
    sink.goals.add(
      `${figure.label}: importing process peak RSS`,
      fmtMb(peak),
      '<= 300 MB',
      peak <= RSS_GOAL_BYTES,
    );
    const changed = (status.applied?.created ?? 0) + (status.applied?.changed ?? 0);
    sink.notes.push(
      `${figure.label}: ${fmtInt(Math.ceil(bytes.length / 1024))} KB file; check ${((checked - started) / 1000).toFixed(1)} s, apply ` +
        `${((done - checked) / 1000).toFixed(1)} s; ${fmtInt(changed)} ${figure.counted}; the portal's ` +
        `importing process (api and worker) ${fmtMb(startRss)} before (every context loaded), its peak ` +
        `${fmtMb(peakAfterCheck)} after the check; the projector's peak ${fmtMb(projectorPeak)} once caught up`,
    );
  } finally {
    await portal.stop();
    await projector.stop();
  }
}

/**
 * The 100,000-row timesheet history (issue 25; BENCH_HISTORY_ROWS): the firm's people and projects
 * appended, then a CSV in the timesheet-history layout (each person's rows on consecutive days of
 * the dataset's year, on a project of theirs), uploaded, checked and applied by a portal process
 * of its own, as the roster is.
 */
export async function benchHistoryImport(
  adminUrl: string,
  firm: { people: number; projects: number },
  rows: number,
  sink: BenchSink,
): Promise<void> {
  const database = await createBenchDatabase(adminUrl, 4);
  const file = join(tmpdir(), `bench-history-${process.pid}.csv`);
  try {
    const dataset = new BenchDataset(firm.people, HISTORY_YEAR, {
      months: 1,
      projects: firm.projects,
      expensesPerMonth: 0,
      admin: true,
      uniqueNames: true,
    });
    await appendSetup(new PostgresEventStore(database.db), dataset.setupAppends());
    const H = TIMESHEET_HISTORY_IMPORT_COLUMNS;
    const out = createWriteStream(file);
    const line = (cells: readonly (string | number)[]) => `${cells.join(',')}\r\n`;
    out.write(line([H.employeeId, H.projectId, H.date, H.comment, H.hours].map((c) => c.heading)));
    const people = dataset.people.filter((p) => p.projectIds.some((id) => id !== UMBRELLA_PROJECT_ID));
    const perPerson = Math.ceil(rows / people.length);
    let written = 0;
    for (const person of people) {
      const projectId = person.projectIds.find((id) => id !== UMBRELLA_PROJECT_ID)!;
      for (let day = 0; day < perPerson && written < rows; day++, written++) {
        // A small firm's many rows stay within the year: a later lap is another activity.
        const date = addDays(`${HISTORY_YEAR}-01-01`, day % HISTORY_DAYS);
        const activity = `${HISTORY_ACTIVITY} ${Math.floor(day / HISTORY_DAYS) + 1}`;
        if (!out.write(line([person.staffId, projectId, date, activity, 8]))) await once(out, 'drain');
      }
    }
    out.end();
    await finished(out);
    progress(`history import: uploading ${fmtInt(written)} timesheet rows`);
    await timedImport(database, file, 'timesheet-history.csv', 'timesheet-history', sink, {
      label: `timesheet history import ${fmtInt(written)} rows`,
      goalSeconds: HISTORY_SECONDS_GOAL,
      counted: 'entries created',
    });
  } finally {
    await rm(file, { force: true });
    await database.drop();
  }
}
