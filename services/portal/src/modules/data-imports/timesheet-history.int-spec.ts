import {
  addDays,
  endOfMonth,
  TIMESHEET_HISTORY_IMPORT_COLUMNS as H,
  timesheetMessages,
  dataImportMessages,
  type TimesheetList,
} from '@portal/contracts';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import {
  applyImport,
  csvOf,
  importClientAndProject,
  refusedProblems,
  uploadImport,
  xlsxOf,
} from '../../../test/data-import-files';
import { runMonth, runToday } from '../../../test/dates';
import { registerDemoOwnersAndPeople } from '../../../test/demo-firm';
import { eventCount } from '../../../test/event-log';

/* Past time entries from a file: the dry run, the apply as a job, the same file again, bad rows. */
let t: TestApp;
let alice: string;
let carlos: string;

const CARLOS = 3;
const PROJECT = 101;
/** A month more than a year back: far outside the timesheet form's window. */
const month = runMonth(-14);
const day = (n: number) => addDays(`${month}-01`, n - 1);
const HEADINGS = [
  H.employeeId.heading,
  H.projectId.heading,
  H.date.heading,
  H.comment.heading,
  H.hours.heading,
  H.overtimeHours.heading,
  'Value',
];
const GOOD: (string | number | null)[][] = [
  [CARLOS, PROJECT, day(3), 'Site survey', 7.5, null, '1500'],
  [CARLOS, PROJECT, day(4), 'Site survey', '8', null, '1600'],
  [CARLOS, PROJECT, day(4), 'Report writing', 0.3, null, '60'],
];

beforeAll(async () => {
  t = await startTestApp();
  await registerDemoOwnersAndPeople(t);
  [alice, carlos] = await Promise.all([t.signIn(1), t.signIn(CARLOS)]);
  // Closed since: history on it is still imported.
  await importClientAndProject(t, alice, false);
});

afterAll(async () => {
  await t?.close();
});

async function eventsCorrelatedTo(importId: string): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`
    select type from events where metadata->>'correlationId' = ${importId} order by position`.execute(
    t.db.db,
  );
  return rows.map((r) => r.type);
}

describe('timesheet history', () => {
  it('is checked without writing, applied as a job under the import id, and the person sees the entries', async () => {
    const before = await eventCount(t.db.db);
    const check = await uploadImport(t, alice, 'timesheet-history', csvOf([HEADINGS, ...GOOD]), 'time.csv');
    expect(check.status).toBe(201);
    expect(check.body).toMatchObject({
      kind: 'timesheet-history',
      rows: 3,
      counts: { created: 3, changed: 0, unchanged: 0 },
      problemCount: 0,
      canApply: true,
    });
    expect(await eventCount(t.db.db)).toBe(before + 1);

    const applied = await applyImport(t, alice, check.body.importId);
    expect(applied).toMatchObject({ state: 'applied', applied: { created: 3, changed: 0, unchanged: 0 } });
    expect(
      (await eventsCorrelatedTo(check.body.importId)).filter((e) => e === 'TimesheetSubmitted'),
    ).toHaveLength(3);
    await t.projectionsCaughtUp();
    const list = await t.http<TimesheetList>(
      'GET',
      `/api/timesheets?start=${day(1)}&end=${endOfMonth(day(1))}&sortBy=date&direction=asc`,
      { token: carlos },
    );
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r) => [r.date, r.activity, r.hours, r.projectName])).toEqual([
      [day(3), 'Site survey', '7.5', 'Grid Upgrade'],
      [day(4), 'Report writing', '0.3', 'Grid Upgrade'],
      [day(4), 'Site survey', '8', 'Grid Upgrade'],
    ]);
  });

  it('imported again (as xlsx, date cells), changes nothing', async () => {
    const rows = GOOD.map(([who, project, date, ...rest]) => [
      who,
      project,
      new Date(`${String(date)}T00:00:00.000Z`),
      ...rest,
    ]);
    const check = await uploadImport(
      t,
      alice,
      'timesheet-history',
      await xlsxOf([HEADINGS, ...rows], 'Timesheets'),
      'time.xlsx',
    );
    expect(check.body).toMatchObject({ counts: { created: 0, changed: 0, unchanged: 3 }, canApply: true });
    const applied = await applyImport(t, alice, check.body.importId);
    expect(applied.applied).toEqual({ created: 0, changed: 0, unchanged: 3 });
    // Under the import id only its own end is recorded: no entry again.
    expect(await eventsCorrelatedTo(check.body.importId)).toEqual(['DataImportApplied']);
  });

  it('refuses bad rows with a 400 naming each by row and column, and writes nothing', async () => {
    const before = await eventCount(t.db.db);
    const tomorrow = addDays(runToday(), 1);
    const file = await xlsxOf(
      [
        HEADINGS,
        [999, PROJECT, day(5), 'Survey', 4, null, null],
        [CARLOS, 999, day(5), 'Survey', 4, null, null],
        [CARLOS, PROJECT, day(6), 'Survey', 7.25, null, null],
        [CARLOS, PROJECT, tomorrow, 'Survey', 4, null, null],
        [CARLOS, PROJECT, day(7), 'Survey', 4, 2, null],
        [CARLOS, PROJECT, day(8), 'Survey', 4, null, null],
        [CARLOS, PROJECT, day(8), 'survey', 5, null, null],
        [CARLOS, PROJECT, day(9), { formula: '2+2', result: 4 }, 4, null, null],
      ],
      'Timesheets',
    );
    const answer = await uploadImport(t, alice, 'timesheet-history', file, 'bad.xlsx');
    const at = (row: number, column: string, message: string) => ({
      sheet: 'Timesheets',
      row,
      column,
      message,
    });
    expect(refusedProblems(answer)).toEqual(
      expect.arrayContaining([
        at(2, 'Staff ID', timesheetMessages.historyPersonUnknown(999)),
        at(3, 'Project ID', timesheetMessages.unknownProject(999)),
        at(5, 'Date', timesheetMessages.historyAfterToday(runToday())),
        at(6, 'Overtime', timesheetMessages.overtimeNotAllowed),
        at(
          8,
          'Date',
          dataImportMessages.duplicateKey(
            'Date',
            `${day(8)} (staff ID ${CARLOS}, project ${PROJECT}, "survey")`,
            7,
          ),
        ),
        at(9, 'Activity Comment', dataImportMessages.formula),
      ]),
    );
    const problems = refusedProblems(answer);
    expect(problems.find((p) => p.row === 4)).toMatchObject({ column: 'Hours' });
    expect(answer.body.details).toMatchObject({ rows: 8, problemCount: problems.length });
    expect(await eventCount(t.db.db)).toBe(before);
  });

  it('refuses a row imported before with other hours', async () => {
    const changed = [[CARLOS, PROJECT, day(3), 'Site survey', 6, null, null]];
    const answer = await uploadImport(t, alice, 'timesheet-history', csvOf([HEADINGS, ...changed]), 't.csv');
    expect(refusedProblems(answer)).toEqual([
      { sheet: 'CSV', row: 2, column: 'Hours', message: timesheetMessages.historyRecordedOtherwise },
    ]);
  });
});
