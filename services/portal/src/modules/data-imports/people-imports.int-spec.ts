import {
  dataImportMessages,
  exportMonthHeading,
  plannedCellMessages,
  staffAdminMessages,
} from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import {
  applyImport,
  csvOf,
  importChecked,
  uploadImport,
  xlsxOf,
  type TestCell,
} from '../../../test/data-import-files';
import { runMonth } from '../../../test/dates';
import { registerDemoOwnersAndPeople } from '../../../test/demo-firm';

/* The roster, planned hours and staff from files into an empty portal with the demo's people. */
let t: TestApp;
let alice: string;

beforeAll(async () => {
  t = await startTestApp();
  await registerDemoOwnersAndPeople(t);
  alice = await t.signIn(1);
  // A client and its project, imported as a new firm would.
  const clients = await uploadImport(
    t,
    alice,
    'clients',
    csvOf([
      ['Client ID', 'Client Name'],
      [11, 'Northwind Energy'],
    ]),
    'c.csv',
  );
  await applyImport(t, alice, clients.body.importId);
  const projects = await uploadImport(
    t,
    alice,
    'projects',
    csvOf([
      ['Project ID', 'Client ID', 'Owner ID', 'Project Name', 'Invoice Currency', 'Billing Cycle', 'Active'],
      [101, 11, 1, 'Grid Upgrade', 'CAD', 'Standard Month (First to last)', 'Yes'],
    ]),
    'p.csv',
  );
  await applyImport(t, alice, projects.body.importId);
  await t.projectionsCaughtUp();
});

afterAll(async () => {
  await t?.close();
});

describe('the roster and planned hours in their export layouts', () => {
  const OWNER = 'Smartwork Consulting';

  it('finds people, companies and projects by name; a name that is no one’s or a mark other than Yes is a problem', async () => {
    const headings = ['Employee Name', 'Company', 'Grid Upgrade', 'Nowhere Project'];
    const refused = await uploadImport(
      t,
      alice,
      'roster',
      await xlsxOf([
        headings,
        ['Carlos Contractor', OWNER, 'Yes', null],
        ['Nobody Here', OWNER, null, null],
        ['Dana Developer', OWNER, 'maybe', null],
      ]),
      'employee-roster.xlsx',
    );
    expect(refused.body.problems).toEqual([
      {
        sheet: 'Sheet 1',
        row: 1,
        column: 'Nowhere Project',
        message: dataImportMessages.unknownReference('project', 'Nowhere Project'),
      },
      {
        sheet: 'Sheet 1',
        row: 3,
        column: 'Employee Name',
        message: dataImportMessages.unknownReference('person', 'Nobody Here'),
      },
      { sheet: 'Sheet 1', row: 4, column: 'Grid Upgrade', message: dataImportMessages.notAllowedMark },
    ]);

    const roster = await xlsxOf([
      headings.slice(0, 3),
      ['Carlos Contractor', OWNER, 'Yes'],
      ['Dana Developer', OWNER, null],
    ]);
    const rosterFile = { kind: 'roster', content: roster, fileName: 'employee-roster.xlsx' } as const;
    await importChecked(t, alice, rosterFile, { created: 0, changed: 1, unchanged: 1 });
  });

  it('sets planned hours of the project chosen at upload; someone not on its roster, or hours that are no whole number, are problems', async () => {
    const month = exportMonthHeading(runMonth(1));
    const file = (rows: TestCell[][]) =>
      xlsxOf(
        [['Name', month, `Actual ${month}`, 'Total Planned'], ...rows, ['Total Hours', 0, 0, 0]],
        'Planned Hours',
      );
    const refused = await uploadImport(
      t,
      alice,
      'planned-hours',
      await file([
        ['Carlos Contractor', 'lots', 0, 0],
        ['Dana Developer', 40, 0, 40],
      ]),
      'PlannedHours.xlsx',
      101,
    );
    expect(refused.body.problems).toEqual([
      { sheet: 'Planned Hours', row: 2, column: month, message: plannedCellMessages.invalid },
      {
        sheet: 'Planned Hours',
        row: 3,
        column: 'Name',
        message: dataImportMessages.unknownReference("person on the project's roster", 'Dana Developer'),
      },
    ]);
    const check = await uploadImport(
      t,
      alice,
      'planned-hours',
      await file([['Carlos Contractor', 120, 0, 120]]),
      'PlannedHours.xlsx',
      101,
    );
    expect(check.body).toMatchObject({
      projectId: 101,
      counts: { created: 1, changed: 0, unchanged: 0 },
      canApply: true,
    });
    expect((await applyImport(t, alice, check.body.importId)).state).toBe('applied');
    await t.projectionsCaughtUp();
    const grid = await t.http(
      'GET',
      `/api/admin/planned-hours?projectId=101&from=${runMonth(1)}&to=${runMonth(1)}`,
      { token: alice },
    );
    expect(
      grid.body.people.map((p: { name: string; planned: Record<string, number> }) => [
        p.name,
        p.planned[runMonth(1)],
      ]),
    ).toEqual([['Carlos Contractor', 120]]);
  });
});

describe('staff from a file', () => {
  it('adds someone new and changes someone the portal has, found by work e-mail; a bad address is a problem', async () => {
    const headings = ['Work e-mail', 'First Name', 'Last Name', 'Owner ID', 'Admin', 'Job Title'];
    const rows = [
      ['nina.new@firm.example', 'Nina', 'New', 1, 'No', 'Surveyor'],
      ['Carlos.Contractor@smartwork.example', 'Carlos', 'Contractor', 1, 'No', 'Field Lead'],
    ];
    const refused = await uploadImport(
      t,
      alice,
      'staff',
      csvOf([headings, ...rows, ['not-an-address', 'Ola', 'Odd', 1, null, null]]),
      'staff.csv',
    );
    expect(refused.body.problems).toEqual([
      { sheet: 'CSV', row: 4, column: 'Work e-mail', message: staffAdminMessages.invalidWorkEmail },
    ]);

    const staffFile = { kind: 'staff', content: csvOf([headings, ...rows]), fileName: 'staff.csv' } as const;
    await importChecked(t, alice, staffFile, { created: 1, changed: 1, unchanged: 0 });
    const staff = await t.http('GET', '/api/admin/staff', { token: alice });
    const nina = staff.body.find((p: { email: string }) => p.email === 'nina.new@firm.example');
    expect(nina).toMatchObject({ name: 'Nina New', ownerId: 1, isAdmin: false, isActive: true });
    const detail = await t.http('GET', `/api/admin/staff/${nina.staffId}`, { token: alice });
    expect(detail.body.profile.jobTitle).toBe('Surveyor');
    const carlos = await t.http('GET', '/api/admin/staff/3', { token: alice });
    expect(carlos.body.profile.jobTitle).toBe('Field Lead');

    const again = await uploadImport(t, alice, staffFile.kind, staffFile.content, staffFile.fileName);
    expect(again.body.counts).toEqual({ created: 0, changed: 0, unchanged: 2 });
  });
});
