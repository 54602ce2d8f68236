import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endOfMonth, exportMessages, receiptMessages } from '@portal/contracts';
import { minimalPdf } from '../src/modules/expenses/receipts/test/minimal-pdf';
import { StaffQueries } from '../src/modules/staff';
import { startTestApp, type TestApp } from './app-harness';
import { runMonth } from './dates';
import { grantAdmin } from './staff-fixtures';

const ALICE = 1; // default admin, owner 1
const CARLOS = 3; // owner 1
const SAM = 5; // owner 2
const PRIYA = 8; // owner 2, sightstream; made an admin below
const MONTH = runMonth();
const ZEROS = '0'.repeat(40);

/**
 * ARCHITECTURE §8: a sightstream admin reaches only owner-2 people on the admin paths (the staff
 * context's scope rule, as the timesheets and expenses admin paths apply it).
 */
describe('sightstream scope on admin paths', () => {
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<number, string> = {};
  const receipts: Record<number, string> = {};

  const upload = async (staffId: number): Promise<string> => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([minimalPdf(['Taxi', 'Total $20.00'])], { type: 'application/pdf' }),
      'taxi.pdf',
    );
    const response = await fetch(`${t.baseUrl}/api/expenses/receipts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[staffId]}` },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { receiptId: string }).receiptId;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'staff-scope-int-'));
    t = await startTestApp({ seedDemo: true, env: { DATA_DIR: dataDir } });
    await grantAdmin(t, ALICE, PRIYA, 'staff-scope-make-priya-admin');
    for (const id of [ALICE, CARLOS, SAM, PRIYA]) tokens[id] = await t.signIn(id);
    receipts[CARLOS] = await upload(CARLOS);
    receipts[SAM] = await upload(SAM);
    await t.projectionsCaughtUp();
  });

  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('StaffQueries.canSee: self, default admins anyone, sightstream admins owner 2 only', async () => {
    const staff = t.app.get(StaffQueries);
    const priya = { staffId: PRIYA, isAdmin: true, userType: 'sightstream' as const };
    expect(await staff.canSee(priya, PRIYA)).toBe(true);
    expect(await staff.canSee(priya, SAM)).toBe(true);
    expect(await staff.canSee(priya, CARLOS)).toBe(false);
    expect(await staff.canSee(priya, 9999)).toBe(false);
    expect(await staff.canSee({ ...priya, isAdmin: false }, SAM)).toBe(false);
    expect(await staff.canSee({ staffId: ALICE, isAdmin: true, userType: 'default' }, SAM)).toBe(true);
  });

  it('the lock check: 404 for an owner-1 person (as for an unknown one), 200 for an owner-2 one', async () => {
    const lock = (asker: number, employeeId: number, projectId: number) =>
      t.http('GET', `/api/ledgers/${employeeId}/${MONTH}/locks/${projectId}`, { token: tokens[asker] });
    expect((await lock(PRIYA, CARLOS, 12)).status).toBe(404);
    expect((await lock(PRIYA, SAM, 21)).body).toEqual({ locked: false, projectId: 21, month: MONTH });
    expect((await lock(ALICE, CARLOS, 12)).status).toBe(200);
    expect((await lock(ALICE, SAM, 21)).status).toBe(200);
  });

  it('receipt download: 403 for an owner-1 person’s receipt, 200 for an owner-2 one', async () => {
    const get = (asker: number, owner: number) =>
      t.http('GET', `/api/expenses/receipts/${receipts[owner]}`, { token: tokens[asker] });
    const carlos = await get(PRIYA, CARLOS);
    expect(carlos.status).toBe(403);
    expect(carlos.body.message).toBe(receiptMessages.forbidden);
    expect((await get(PRIYA, SAM)).status).toBe(200);
    expect((await get(ALICE, CARLOS)).status).toBe(200);
    expect((await get(ALICE, SAM)).status).toBe(200);
  });

  it('expense export with employeeId: 403 for an owner-1 person, 200 for an owner-2 one', async () => {
    const exportOf = (asker: number, employeeId: number) =>
      t.http(
        'GET',
        `/api/expenses/export?start=${MONTH}-01&end=${endOfMonth(`${MONTH}-01`)}&employeeId=${employeeId}`,
        {
          token: tokens[asker],
        },
      );
    const carlos = await exportOf(PRIYA, CARLOS);
    expect(carlos.status).toBe(403);
    expect(carlos.body.message).toBe(exportMessages.othersExpenses);
    expect((await exportOf(PRIYA, SAM)).status).toBe(200);
    expect((await exportOf(ALICE, CARLOS)).status).toBe(200);
  });

  it('receipts download with employeeId and following a job: 403 for an owner-1 person', async () => {
    const start = (asker: number, employeeId: number, projectId: number) =>
      t.http('POST', '/api/expenses/downloads', {
        token: tokens[asker],
        body: { month: MONTH, projectId, employeeId },
      });
    const carlos = await start(PRIYA, CARLOS, 12);
    expect(carlos.status).toBe(403);
    expect(carlos.body.message).toBe(exportMessages.othersExpenses);
    // Past the scope check: nothing filed against a project that month.
    expect((await start(PRIYA, SAM, 21)).status).toBe(404);
    expect((await start(ALICE, CARLOS, 12)).status).toBe(404);

    const follow = (asker: number, requester: number) =>
      t.http('GET', `/api/expenses/downloads/expenses-zip-${requester}-${ZEROS}`, { token: tokens[asker] });
    const carlosJob = await follow(PRIYA, CARLOS);
    expect(carlosJob.status).toBe(403);
    expect(carlosJob.body.message).toBe(exportMessages.notYourDownload);
    expect((await follow(PRIYA, SAM)).status).toBe(404);
    expect((await follow(ALICE, CARLOS)).status).toBe(404);
  });
});
