// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Monday 2026-11-23).
import { startTestApp, type TestApp } from '../../../../test/app-harness';
import { downloadFile, firstSheet } from '../../../../test/downloads';
import { grantAdmin } from '../../../../test/staff-fixtures';

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // owner 1, project 12 (Fixed Offset 26 to 25), no overtime
const DANA = 4; // owner 1, umbrella 45 with sub-project 64 (overtime)
const SAM = 5; // owner 2, project 21
const PRIYA = 8; // owner 2, sightstream; made an admin below
const NOW = '2026-11-23T10:00:00.000Z';

const day = (date: string) => new Date(`${date}T00:00:00.000Z`);

/**
 * Download Timesheet over HTTP on the demo seed (its history runs from 1 September to the day
 * before "now", pinned here to Monday 23 November 2026): the files are opened with exceljs and
 * their cells checked.
 */
describe('GET /api/timesheets/export (real PostgreSQL)', () => {
  let t: TestApp;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    await grantAdmin(t, ALICE, PRIYA, 'timesheet-export-make-priya-admin');
    for (const id of [ALICE, CARLOS, DANA, SAM, PRIYA]) tokens[id] = await t.signIn(id);
  });

  afterAll(() => t?.close());

  const url = (query: Record<string, string | number>) =>
    `/api/timesheets/export?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;

  const download = (query: Record<string, string | number>, asker: number) =>
    downloadFile(t, url(query), tokens[asker]);

  /** Every row's cell values (empty cells as null), the sheet's name and the value cells' format. */
  const open = async (bytes: Buffer) => {
    const sheet = await firstSheet(bytes);
    const rows: unknown[][] = [];
    const formats: (string | undefined)[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values: unknown[] = [];
      const numFmts: (string | undefined)[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) {
        values.push(row.getCell(c).value ?? null);
        numFmts.push(row.getCell(c).numFmt);
      }
      rows.push(values);
      formats.push(numFmts);
    });
    return { name: sheet.name, rows, formats };
  };

  const header = (values: readonly string[], width: number) =>
    ['Person', 'Project', 'Period', 'From', 'To', 'Billing cycle', 'Type'].map((label, i) => [
      label,
      values[i],
      ...Array<null>(width - 2).fill(null),
    ]);

  it('a person downloads their Client Timesheet for a period of the project’s cycle', async () => {
    const answer = await download(
      { projectId: 12, start: '2026-10-26', end: '2026-11-25', type: 'Client Timesheet' },
      CARLOS,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.headers.get('content-disposition')).toContain(
      'filename="Carlos Contractor - Pipeline Integrity Review - 2026-11.xlsx"',
    );
    const { name, rows, formats } = await open(answer.bytes);
    expect(name).toBe('Timesheet');
    // Carlos's plan: project 12 on Mondays to Wednesdays, 8 hours, up to the day before "now".
    const days = ['10-26', '10-27', '10-28', '11-02', '11-03', '11-04', '11-09', '11-10', '11-11'];
    const entries = [...days, '11-16', '11-17', '11-18'].map((d) => [
      day(`2026-${d}`),
      'Pipeline inspection',
      8,
      1600,
    ]);
    expect(rows).toEqual([
      ...header(
        [
          'Carlos Contractor',
          'Pipeline Integrity Review',
          'Nov - 2026',
          '2026-10-26',
          '2026-11-25',
          'Fixed Offset (26 to 25)',
          'Client Timesheet',
        ],
        4,
      ),
      [null, null, null, null],
      ['Date', 'Activity Comment', 'Hours', 'Value'],
      ...entries,
      ['Total', null, 96, 19200],
    ]);
    expect(formats[9][0]).toBe('yyyy-mm-dd');
    expect(formats[9][3]).toBe('#,##0.00');
  });

  it('OT Timesheet - Biweekly: umbrella time with its sub-project, overtime, a subtotal per fortnight', async () => {
    const answer = await download(
      { projectId: 45, start: '2026-11-01', end: '2026-11-30', type: 'OT Timesheet - Biweekly' },
      DANA,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain(
      'filename="Dana Developer - Umbrella Services - 2026-11.xlsx"',
    );
    const { rows } = await open(answer.bytes);
    const friday = (date: string) => [
      day(date),
      'Night Shift Maintenance',
      'Night shift handover',
      6,
      1.5,
      1200,
    ];
    expect(rows.slice(7)).toEqual([
      [null, null, null, null, null, null],
      ['Date', 'Sub Project', 'Activity Comment', 'Hours', 'Overtime', 'Value'],
      friday('2026-11-06'),
      friday('2026-11-13'),
      ['Subtotal 2026-11-01 to 2026-11-14', null, null, 12, 3, 2400],
      friday('2026-11-20'),
      ['Subtotal 2026-11-15 to 2026-11-28', null, null, 6, 1.5, 1200],
      ['Subtotal 2026-11-29 to 2026-11-30', null, null, 0, 0, 0],
      ['Total', null, null, 18, 4.5, 3600],
    ]);
    expect(rows[2]).toEqual(['Period', 'Nov - 2026', null, null, null, null]);
    expect(rows[6]).toEqual(['Type', 'OT Timesheet - Biweekly', null, null, null, null]);
  });

  it('the internal (non-billable) type over a range that is not a period: no Value, named by its days', async () => {
    const answer = await download(
      { projectId: 45, start: '2026-11-02', end: '2026-11-15', type: 'Internal Timesheet (Non-billable)' },
      DANA,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain(
      'filename="Dana Developer - Umbrella Services - 2026-11-02 to 2026-11-15.xlsx"',
    );
    const { rows } = await open(answer.bytes);
    expect(rows[2]).toEqual(['Period', '2026-11-02 to 2026-11-15', null, null]);
    expect(rows.slice(8)).toEqual([
      ['Date', 'Sub Project', 'Activity Comment', 'Hours'],
      [day('2026-11-06'), 'Night Shift Maintenance', 'Night shift handover', 6],
      [day('2026-11-13'), 'Night Shift Maintenance', 'Night shift handover', 6],
      ['Total', null, null, 12],
    ]);
  });

  it('an empty period gives the headings and a zero total', async () => {
    const answer = await download(
      { projectId: 64, start: '2026-10-26', end: '2026-11-25', type: 'OT Timesheet - Monthly' },
      DANA,
    );
    expect(answer.status).toBe(200);
    const { rows } = await open(answer.bytes);
    expect(rows.slice(8)).toEqual([
      ['Date', 'Activity Comment', 'Hours', 'Overtime', 'Value'],
      ['Total', null, 0, 0, 0],
    ]);
  });

  it('refuses the OT types where overtime does not apply, naming the type', async () => {
    for (const type of ['OT Timesheet - Monthly', 'OT Timesheet - Biweekly']) {
      const answer = await t.http(
        'GET',
        url({ projectId: 12, start: '2026-10-26', end: '2026-11-25', type }),
        { token: tokens[CARLOS] },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.problems).toEqual([
        {
          path: 'type',
          message: `${type} is only available for projects with overtime; Pipeline Integrity Review has none.`,
        },
      ]);
    }
  });

  it('names each missing or bad field with the spec’s messages', async () => {
    const none = await t.http('GET', '/api/timesheets/export', { token: tokens[CARLOS] });
    expect(none.status).toBe(400);
    expect(none.body.problems).toEqual([
      { path: 'projectId', message: 'Project is Required' },
      { path: 'start', message: 'Date is Required' },
      { path: 'end', message: 'Date is Required' },
      { path: 'type', message: 'Type is required.' },
    ]);
    const unknownProject = await t.http(
      'GET',
      url({ projectId: 9999, start: '2026-11-01', end: '2026-11-30', type: 'Client Timesheet' }),
      { token: tokens[CARLOS] },
    );
    expect(unknownProject.status).toBe(400);
    expect(unknownProject.body.problems).toEqual([
      { path: 'projectId', message: 'Project 9999 does not exist' },
    ]);
    const reversed = await t.http(
      'GET',
      url({ projectId: 12, start: '2026-11-30', end: '2026-11-01', type: 'Client Timesheet' }),
      { token: tokens[CARLOS] },
    );
    expect(reversed.body.problems).toEqual([{ path: 'end', message: 'End must not be before Start' }]);
    expect(
      (
        await t.http(
          'GET',
          url({ projectId: 12, start: '2026-11-01', end: '2026-11-30', type: 'Client Timesheet' }),
        )
      ).status,
    ).toBe(401);
  });

  it('a non-admin gets only their own rows: someone else’s employeeId is refused with 403', async () => {
    const query = { projectId: 12, start: '2026-10-26', end: '2026-11-25', type: 'Client Timesheet' };
    const answer = await t.http('GET', url({ ...query, employeeId: DANA }), { token: tokens[CARLOS] });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Only admins can download the timesheets of someone else.');
    const own = await download({ ...query, employeeId: CARLOS }, CARLOS);
    expect(own.status).toBe(200);
  });

  it('an admin downloads anyone’s time, named after that person', async () => {
    const answer = await download(
      { projectId: 12, start: '2026-10-26', end: '2026-11-25', type: 'Client Timesheet', employeeId: CARLOS },
      ALICE,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain(
      'filename="Carlos Contractor - Pipeline Integrity Review - 2026-11.xlsx"',
    );
    const { rows } = await open(answer.bytes);
    expect(rows[0]).toEqual(['Person', 'Carlos Contractor', null, null]);
    expect(rows[rows.length - 1]).toEqual(['Total', null, 96, 19200]);
    const unknown = await t.http(
      'GET',
      url({
        projectId: 12,
        start: '2026-11-01',
        end: '2026-11-30',
        type: 'Client Timesheet',
        employeeId: 9999,
      }),
      { token: tokens[ALICE] },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Person not found.');
  });

  it('a sightstream admin reaches owner-2 people and projects only', async () => {
    const weekly = { start: '2026-11-14', end: '2026-11-20', type: 'Client Timesheet' };
    const sam = await download({ ...weekly, projectId: 21, employeeId: SAM }, PRIYA);
    expect(sam.status).toBe(200);
    expect(sam.headers.get('content-disposition')).toContain(
      'filename="Sam Sightstream - Broadcast Platform - 2026-11-14 to 2026-11-20.xlsx"',
    );
    const { rows } = await open(sam.bytes);
    expect(rows[rows.length - 1]).toEqual(['Total', null, 40, 8000]);

    const carlos = await t.http('GET', url({ ...weekly, projectId: 12, employeeId: CARLOS }), {
      token: tokens[PRIYA],
    });
    expect(carlos.status).toBe(404);
    expect(carlos.body.message).toBe('Person not found.');
    const ownerOneProject = await t.http('GET', url({ ...weekly, projectId: 12, employeeId: SAM }), {
      token: tokens[PRIYA],
    });
    expect(ownerOneProject.status).toBe(400);
    expect(ownerOneProject.body.problems).toEqual([
      { path: 'projectId', message: 'Project 12 does not exist' },
    ]);
  });
});
