import type { AdminClient, AdminProject, PlannedHoursGrid, RosterMatrix } from '@portal/contracts';
import { CLIENT_IMPORT_COLUMNS as C, PROJECT_IMPORT_COLUMNS as P } from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { runMonth } from '../../../test/dates';
import { registerDemoOwnersAndPeople } from '../../../test/demo-firm';
import { applyImport, download, uploadImport, xlsxOf, type TestCell } from '../../../test/data-import-files';

/*
 * The round trip of issue 25: the demo's clients and projects (as its admin screens list them),
 * its employee-roster.xlsx and PlannedHours.xlsx, imported into an empty portal whose owners and
 * people are the demo's, give the same screens.
 */
let demo: TestApp;
let empty: TestApp;
let demoAdmin: string;
let admin: string;

beforeAll(async () => {
  [demo, empty] = await Promise.all([startTestApp({ seedDemo: true }), startTestApp()]);
  await registerDemoOwnersAndPeople(empty);
  [demoAdmin, admin] = await Promise.all([demo.signIn(1), empty.signIn(1)]);
});

afterAll(async () => {
  await Promise.all([demo?.close(), empty?.close()]);
});

async function importAndApply(
  kind: Parameters<typeof uploadImport>[2],
  file: Buffer,
  name: string,
  projectId?: number,
) {
  const check = await uploadImport(empty, admin, kind, file, name, projectId);
  expect({ status: check.status, problems: check.body.problems }).toEqual({ status: 201, problems: [] });
  const done = await applyImport(empty, admin, check.body.importId);
  expect(done.state).toBe('applied');
  await empty.projectionsCaughtUp();
  return done;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

it('gives the same clients, projects, roster and planned hours as the portal the files came from', async () => {
  // Clients and projects, from what the demo's admin screens list.
  const clients = (await demo.http<AdminClient[]>('GET', '/api/admin/clients', { token: demoAdmin })).body;
  const clientRows: TestCell[][] = [
    Object.values(C).map((c) => c.heading),
    ...clients.map((c) => [
      c.clientId,
      c.name,
      c.addressLine1,
      c.addressLine2,
      c.city,
      c.stateProvince,
      c.countryRegion,
      c.zipPostalCode,
      c.phone,
      c.contacts.map((x) => `${x.name} <${x.email}>`).join('; ') || null,
    ]),
  ];
  await importAndApply('clients', await xlsxOf(clientRows, 'Clients'), 'clients.xlsx');

  const projects = (await demo.http<AdminProject[]>('GET', '/api/admin/projects', { token: demoAdmin })).body;
  const fields = Object.keys(P) as (keyof typeof P)[];
  const projectRows: TestCell[][] = [
    fields.map((f) => P[f].heading),
    ...projects.map((p) =>
      fields.map((f): TestCell => {
        const value = (p as unknown as Record<string, unknown>)[f];
        return typeof value === 'boolean' ? yesNo(value) : ((value ?? null) as TestCell);
      }),
    ),
  ];
  await importAndApply('projects', await xlsxOf(projectRows, 'Projects'), 'projects.xlsx');

  // The roster and the planned hours, as the demo exports them.
  await importAndApply(
    'roster',
    await download(demo, demoAdmin, '/api/roster/export'),
    'employee-roster.xlsx',
  );
  const window = `from=${runMonth(-3)}&to=${runMonth(4)}`;
  const planned = await download(demo, demoAdmin, `/api/admin/planned-hours/export?projectId=12&${window}`);
  const applied = await importAndApply('planned-hours', planned, 'PlannedHours.xlsx', 12);
  expect(applied.applied!.created).toBeGreaterThan(0);

  const same = async <T>(path: string, pick: (answer: T) => unknown) => {
    const [was, now] = await Promise.all([
      demo.http<T>('GET', path, { token: demoAdmin }),
      empty.http<T>('GET', path, { token: admin }),
    ]);
    expect(now.status).toBe(200);
    expect(pick(now.body)).toEqual(pick(was.body));
  };
  await same<AdminClient[]>('/api/admin/clients', (list) => list.map(({ projectCount: _n, ...c }) => c));
  await same<AdminProject[]>('/api/admin/projects', (list) => list);
  await same<RosterMatrix>('/api/roster', ({ people, projects, allowed }) => ({ people, projects, allowed }));
  // The roster's export lists active people only: Ivan (inactive, on project 12's roster, nothing
  // planned) does not come along, so the grid shows him in the demo only.
  const IVAN = 7;
  await same<PlannedHoursGrid>(`/api/admin/planned-hours?projectId=12&${window}`, (grid) => ({
    months: grid.months,
    planned: grid.people.filter((p) => p.employeeId !== IVAN).map((p) => [p.employeeId, p.name, p.planned]),
  }));
  const grid = await empty.http<PlannedHoursGrid>('GET', `/api/admin/planned-hours?projectId=12&${window}`, {
    token: admin,
  });
  expect(grid.body.people.map((p) => p.employeeId)).not.toContain(IVAN);
});
