import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { exportMonthHeading, type BusinessMonth } from '@portal/contracts';
import {
  graphEnvFor,
  graphUser,
  startGraphStandIn,
  TEST_GRAPH_APP,
  type GraphStandIn,
} from '../services/portal/test/graph-stand-in';
import { PrivateRedis } from '../services/portal/test/portal-fleet';
import { signInAsNewcomer } from './support/first-sign-in';
import { choose, monthOf, TimesheetScreen, toast, firmToday } from './support/portal';
import { startEmptyPortal } from './support/run-portal';
import { expect, specPortalPort, testOnSpecPortal as test } from './support/test';

/**
 * Day one of a firm (issue 25), the whole path on real PostgreSQL and Redis with SEED_DEMO=false:
 * an operator makes the first admin with `npm run staff:add` (its built command line); she syncs
 * 1,200 people from the directory (the Graph stand-in); she imports the firm's clients, projects,
 * roster and planned hours from files at /admin/import; then a contractor from the directory
 * signs in and enters time on an imported project. Each step has tests of its own; this is the
 * path a firm walks on its first day, in one browser.
 */

const ROOT = join(__dirname, '..');
const ADD_STAFF = join(ROOT, 'services', 'portal', 'dist', 'cli', 'add-staff.js');
const OWNER = 'Smartwork Consulting';
const ADMIN = { name: 'Ana Ruiz', email: 'ana.ruiz@smartwork.example' };
const PEOPLE = 1_200;
const CONTRACTOR = graphUser(7);
const PROJECT = 'Grid Upgrade';

let graph: GraphStandIn;
let redis: PrivateRedis;
let portal: { stop(): Promise<void> } | undefined;

test.beforeAll(async ({ portal: workerPortal }, workerInfo) => {
  test.setTimeout(330_000);
  graph = await startGraphStandIn({
    ...TEST_GRAPH_APP,
    users: Array.from({ length: PEOPLE }, (_, i) => graphUser(i + 1)),
  });
  redis = await PrivateRedis.start();
  portal = await startEmptyPortal(
    `portal_e2e_day_one_w${workerInfo.parallelIndex}`,
    specPortalPort(workerPortal.port),
    { ...graphEnvFor(graph), REDIS_URL: redis.url },
    // The operator's first command, on the empty database, before anyone can sign in.
    async (env) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [ADD_STAFF, '--email', ADMIN.email, '--name', ADMIN.name, '--admin', '--owner-name', OWNER],
        { cwd: ROOT, env: { ...process.env, ...env } },
      );
      expect(stdout).toContain(`Registered owner 1: ${OWNER}`);
    },
  );
});

test.afterAll(async () => {
  await portal?.stop();
  await redis?.kill();
  await graph?.close();
});

const csv = (name: string, rows: readonly (readonly (string | number)[])[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(rows.map((row) => row.join(',')).join('\r\n')),
});

/** Uploads a file of `kind` at /admin/import, reads the dry run's counts, then applies it. */
async function importFile(
  page: Page,
  kind: string,
  file: ReturnType<typeof csv>,
  counts: RegExp,
  project?: string,
): Promise<void> {
  await page.goto('/admin/import');
  const form = page.getByRole('region', { name: 'File to import' });
  await choose(form, page, 'What the file holds', kind);
  if (project) await choose(form, page, 'Project', project);
  const checked = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/admin\/imports\?/.test(r.url()),
  );
  await page.getByLabel('File (xlsx or CSV)').setInputFiles(file);
  // The file is the firm's own and right: the dry run lists no problem.
  expect(((await (await checked).json()) as { problems: unknown[] }).problems).toEqual([]);
  await expect(page.getByText(counts)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('grid', { name: 'Problems found in the file' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Applied ${file.name}` })).toBeVisible({
    timeout: 120_000,
  });
}

test('an empty portal: the first admin, 1,200 people from the directory, the firm’s files, then time entered', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const today = firmToday();
  const nextMonth = monthOf(today, 1) as BusinessMonth;

  // The operator's admin is the only person yet.
  // She signs in with her address, as single sign-on signs her in (the picker's cached list is the
  // worker portal's, not this portal's).
  await signInAsNewcomer(page, { name: ADMIN.name, username: ADMIN.email });
  await expect(page.getByRole('button', { name: `Account menu for ${ADMIN.name}` })).toBeVisible();
  await page.goto('/admin/staffs/review');
  await expect(page.getByRole('heading', { name: 'Staff Review', level: 1 })).toBeVisible();

  // The directory brings the firm's people.
  await page.getByRole('button', { name: 'Sync from directory' }).click();
  await expect(page.getByText(`Directory sync done: 1,200 created`)).toBeVisible({ timeout: 180_000 });

  // The firm's files: a client, its project, its staff list, who may bill the project, and next
  // month's planned hours.
  await importFile(
    page,
    'Clients (with contacts)',
    csv('clients.csv', [
      ['Client ID', 'Client Name', 'City', 'Contacts'],
      [11, 'Northwind Energy', 'Calgary', 'Pat Lee <pat@northwind.example>'],
    ]),
    /1 row read: applying it would create 1/,
  );
  await importFile(
    page,
    'Projects',
    csv('projects.csv', [
      ['Project ID', 'Client ID', 'Owner ID', 'Project Name', 'Invoice Currency', 'Billing Cycle', 'Active'],
      [101, 11, 1, PROJECT, 'CAD', 'Standard Month (First to last)', 'Yes'],
    ]),
    /1 row read: applying it would create 1/,
  );
  // The firm's staff list: Ana keeps the roster too (the operator's --admin made her an admin only).
  await importFile(
    page,
    'Staff',
    csv('staff.csv', [
      ['Work e-mail', 'First Name', 'Last Name', 'Owner ID', 'Admin', 'Can Edit Roster'],
      [ADMIN.email, 'Ana', 'Ruiz', 1, 'Yes', 'Yes'],
    ]),
    /1 row read: applying it would create 0, would change 1/,
  );
  await importFile(
    page,
    'Roster (employee-roster.xlsx)',
    csv('employee-roster.csv', [
      ['Employee Name', 'Company', PROJECT],
      [CONTRACTOR.displayName!, OWNER, 'Yes'],
    ]),
    /1 row read: applying it would/,
  );
  await importFile(
    page,
    'Planned hours (PlannedHours.xlsx)',
    csv('PlannedHours.csv', [
      ['Name', exportMonthHeading(nextMonth)],
      [CONTRACTOR.displayName!, 120],
    ]),
    /1 row read: applying it would/,
    PROJECT,
  );

  // The contractor from the directory signs in and enters today's time on the imported project.
  const screen = new TimesheetScreen(page);
  // Ana signs out; he signs in with his directory address, as single sign-on signs him in.
  await page.getByRole('button', { name: `Account menu for ${ADMIN.name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled();
  await signInAsNewcomer(page, { name: CONTRACTOR.displayName!, username: CONTRACTOR.userPrincipalName! });
  await expect(
    page.getByRole('button', { name: `Account menu for ${CONTRACTOR.displayName}` }),
  ).toBeVisible();
  await page.goto('/timesheets/create');
  await screen.chooseProject(PROJECT);
  await screen.clickDay(today);
  await screen.typeNumber(screen.hoursFor(today), '7.5');
  await screen.commentFor(today).fill('Substation survey');
  await screen.save();
  await expect(toast(page, 'Timesheet has been saved!')).toBeVisible();
  await expect(screen.row(PROJECT, today)).toContainText('Substation survey');
});
