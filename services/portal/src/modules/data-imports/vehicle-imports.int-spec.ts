import { dataImportMessages, vehicleMessages, type VehicleView } from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { csvOf, importChecked, refusedProblems, uploadImport } from '../../../test/data-import-files';

/* Vehicles from a file, into the demo (its code lists, projects and people). */
let t: TestApp;
let alice: string;

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
  alice = await t.signIn(1);
});

afterAll(async () => {
  await t?.close();
});

const HEADINGS = [
  'VIN',
  'Year',
  'Make',
  'Project ID',
  'Issued To (staff ID)',
  'Insurance Company',
  'Gas Card',
];
const VIN = '1FTFW1E50PFA00001';

it('registers a vehicle new to the fleet, found again by its VIN; a code not in its list is a problem', async () => {
  const refused = await uploadImport(
    t,
    alice,
    'vehicles',
    csvOf([
      HEADINGS,
      [VIN, '2024', 'Lada', 12, 3, 'Aviva', 'Shell Fleet'],
      [null, '2024', 'Ford', 12, 3, 'Aviva', 'Shell Fleet'],
    ]),
    'fleet.csv',
  );
  expect(refusedProblems(refused)).toEqual([
    { sheet: 'CSV', row: 2, column: 'Make', message: vehicleMessages.notInList('Make', 'Lada') },
    { sheet: 'CSV', row: 3, column: 'VIN', message: dataImportMessages.keyNeeded('VIN') },
  ]);

  const file = csvOf([HEADINGS, [VIN, '2024', 'Ford', 12, 3, 'Aviva', 'Shell Fleet']]);
  await importChecked(
    t,
    alice,
    { kind: 'vehicles', content: file, fileName: 'fleet.csv' },
    { created: 1, changed: 0, unchanged: 0 },
  );
  const fleet = await t.http<VehicleView[]>('GET', '/api/admin/vehicles', { token: alice });
  expect(fleet.body.filter((v) => v.vin === VIN).map((v) => [v.make, v.projectId, v.issuedTo])).toEqual([
    ['Ford', 12, 3],
  ]);

  const again = await uploadImport(t, alice, 'vehicles', file, 'fleet.csv');
  expect(again.body.counts).toEqual({ created: 0, changed: 0, unchanged: 1 });
});
