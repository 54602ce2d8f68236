import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import type { DataImportReport, DataImportStatus } from '@portal/contracts';
import { writeRosterWorkbook } from '../modules/roster/exports/roster-workbook';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { appendSetup } from './append-ledgers';
import { BENCH_ADMIN_ID } from './bench-admin';
import { createBenchDatabase } from './bench-database';
import { BenchDataset, Random } from './dataset';
import type { BenchSink } from './goals';
import { fmtInt, fmtMb, procMemoryBytes, progress } from './measure';
import { startFirmPortal, waitForProjections } from './firm-portal';

const MB = 1024 * 1024;
/** The goals: the whole roster import within a minute, the portal within 300 MB. */
const ROSTER_SECONDS_GOAL = 60;
const RSS_GOAL_BYTES = 300 * MB;
/** The share of the roster's cells marked Yes (the rest blank: may not bill). */
const ALLOWED_SHARE = 0.05;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Part `imports` of `npm run bench` (issue 25): a roster of the firm's people by its projects
 * (1,200 × 1,500; BENCH_FIRM_PEOPLE, BENCH_FIRM_PROJECTS) in the layout of employee-roster.xlsx,
 * uploaded to a portal in a child process of its own (its log holds the firm's people and
 * projects only), checked (the dry run) and applied (the job), timed end to end; the portal's peak
 * RSS (VmHWM) is the figure's memory. The 100,000-row timesheet history is not measured: the
 * portal imports no history yet.
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

    const portal = await startFirmPortal(database.url);
    try {
      await waitForProjections(database.db, portal);
      const signIn = await portal.json<{ token: string }>('POST', '/api/auth/dev/sign-in', undefined, {
        staffId: BENCH_ADMIN_ID,
      });
      if (signIn.status >= 300) throw new Error(`Dev sign-in answered ${signIn.status}`);
      const token = signIn.body.token;
      const startRss = procMemoryBytes(portal.pid, 'VmRSS');

      progress(`roster import: uploading ${fmtInt(cells)} cells (${fmtMb((await readFile(file)).length)})`);
      const started = performance.now();
      const form = new FormData();
      form.append('file', new Blob([await readFile(file)]), 'employee-roster.xlsx');
      const answer = await fetch(`${portal.baseUrl}/api/admin/imports?kind=roster`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const report = (await answer.json()) as DataImportReport;
      if (answer.status !== 201 || !report.canApply)
        throw new Error(
          `The roster's check answered ${answer.status}: ${JSON.stringify(report).slice(0, 500)}`,
        );
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
      if (status.state === 'failed') throw new Error(`The roster's apply failed: ${status.message}`);
      const seconds = (performance.now() - started) / 1000;
      const peak = procMemoryBytes(portal.pid, 'VmHWM');
      const size = `${fmtInt(dataset.people.length)} × ${fmtInt(projects.length)}`;
      sink.goals.add(
        `roster import ${size} (check + apply)`,
        `${seconds.toFixed(1)} s`,
        `<= ${ROSTER_SECONDS_GOAL} s`,
        seconds <= ROSTER_SECONDS_GOAL,
      );
      sink.goals.add(
        `roster import ${size}: portal peak RSS`,
        fmtMb(peak),
        '<= 300 MB',
        peak <= RSS_GOAL_BYTES,
      );
      sink.notes.push(
        `roster import ${size}: check ${((checked - started) / 1000).toFixed(1)} s, apply ` +
          `${((performance.now() - checked) / 1000).toFixed(1)} s; ${fmtInt(status.applied?.changed ?? 0)} cells ` +
          `changed; the portal's RSS ${fmtMb(startRss)} before (its whole process, every context loaded), its ` +
          `peak ${fmtMb(peakAfterCheck)} after the check`,
      );
    } finally {
      await portal.stop();
    }
  } finally {
    await rm(file, { force: true });
    await database.drop();
  }
}
