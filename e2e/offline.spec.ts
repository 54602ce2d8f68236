import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './support/chromium';
import { expect, test } from './support/test';
import {
  ExpenseFormScreen,
  firmToday,
  PEOPLE,
  PROJECTS,
  sessionToken,
  TimesheetScreen,
  toast,
} from './support/portal';

/**
 * The installable app without a connection (issue 26): the service worker opens the shell, and
 * timesheet entries and expense claims (with a receipt photo) wait on the phone under Waiting to
 * send until the connection returns; each is then stored once, or kept with the server's refusal.
 * Carlos's time here is on project 12 today (the seeded history stops yesterday) and on 61 for
 * the refusal; his meal is on project 14. Every page is checked by axe at phone width.
 */

const today = firmToday();
const KEPT =
  'No connection: kept on this device under Waiting to send. It is sent when the connection returns.';
const FIELD_OPERATIONS = { id: 61, name: 'Field Operations (Overtime)' };
const CARLOS_ID = 3;

test.use({
  // Only this file lets the portal's service worker run (playwright.config.ts blocks it elsewhere).
  serviceWorkers: 'allow',
  viewport: { width: 390, height: 844 },
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromiumExecutable,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

type WithServiceWorker = { navigator: { serviceWorker: { controller: object | null } } };

/** Waits until the portal's service worker is installed (the shell precached) and controls the page. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (globalThis as unknown as WithServiceWorker).navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 60_000 },
  );
}

/** The entries of the Waiting to send list (each names what it is first). */
function entriesOf(list: Locator): Locator {
  return list.getByRole('listitem').filter({ hasText: /^(Timesheet|Expense): / });
}

function waitingToSend(page: Page, count: number) {
  return page.getByRole('button', { name: `Waiting to send (${count})`, exact: true });
}

/** The rows of one of Carlos's lists today on a project with this comment, through the API. */
async function storedToday(
  request: APIRequestContext,
  token: string,
  list: 'timesheets' | 'expenses',
  projectId: number,
  comment: string,
): Promise<{ comment: string; activity?: string; receiptFileName?: string | null }[]> {
  const answer = await request.get(`/api/${list}`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { start: today, end: today, projectId, sortBy: 'date', direction: 'asc' },
  });
  expect(answer.status(), `GET /api/${list}`).toBe(200);
  const { rows } = (await answer.json()) as {
    rows: { comment: string; activity?: string; receiptFileName?: string | null }[];
  };
  return rows.filter((row) => row.comment === comment || row.activity === comment);
}

/** Alice's token, for the admin's change made while Carlos is offline. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const people = (await (await request.get('/api/auth/dev/people')).json()) as {
    staffId: number;
    name: string;
  }[];
  const alice = people.find((person) => person.name === PEOPLE.alice);
  const answer = await request.post('/api/auth/dev/sign-in', { data: { staffId: alice?.staffId } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

async function setRoster(request: APIRequestContext, token: string, isAllowedToBill: boolean) {
  const answer = await request.post('/api/roster', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { changes: [{ employeeId: CARLOS_ID, projectId: FIELD_OPERATIONS.id, isAllowedToBill }] },
  });
  expect(answer.status(), 'POST /api/roster').toBe(201);
}

/** Fills the timesheet form with one day of `hours` on `project` and saves it. */
async function enterDay(screen: TimesheetScreen, project: string, hours: string, comment: string) {
  await screen.chooseProject(project);
  await screen.clickDay(today);
  await screen.typeNumber(screen.hoursFor(today), hours);
  await screen.commentFor(today).fill(comment);
  await screen.save();
}

test.describe('offline on a phone, as Carlos', () => {
  test('time and an expense with a receipt photo entered offline survive a reload and are stored once when back online', async ({
    page,
    context,
    request,
  }) => {
    const timeComment = 'Offline: valve station walkdown';
    const mealComment = 'Offline: crew lunch at the valve station';
    const expenses = new ExpenseFormScreen(page);
    await expenses.openAs(PEOPLE.carlos);
    await serviceWorkerInControl(page);
    const token = await sessionToken(page);

    await context.setOffline(true);

    // A meal with its receipt photographed: the photo cannot be uploaded, so it is kept.
    await expenses.choose('Expense Type', 'Meals');
    await expenses.choose('Project', PROJECTS[14]);
    await expenses.choose('Receipt Currency', 'CAD');
    const camera = expenses.entry.getByRole('group', { name: 'Camera' });
    await camera.getByRole('button', { name: 'Start camera' }).click();
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await expect(
      expenses.entry.getByText(
        /^No connection: receipt receipt-photo-\d{8}T\d{6}\.pdf .* is kept on this device/,
      ),
    ).toBeVisible();
    await expenses.typeNumber(expenses.field('Amount'), '18.40');
    await expenses.field('Date').fill(today);
    await expenses.entry.getByRole('textbox', { name: 'Comments' }).fill(mealComment);
    await expenses.entry.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(toast(page, KEPT)).toBeVisible();
    await expect(waitingToSend(page, 1)).toBeVisible();
    await expect(expenses.entry.getByRole('textbox', { name: 'Comments' })).toHaveValue('');

    // Then the day's time, on the timesheet page reached through the menu.
    await page.getByRole('button', { name: 'Navigation menu' }).click();
    await page.getByRole('link', { name: 'Add Timesheet' }).click();
    const timesheets = new TimesheetScreen(page);
    await expect(page.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeVisible();
    await enterDay(timesheets, PROJECTS[12], '1.5', timeComment);
    await expect(toast(page, KEPT).last()).toBeVisible();
    await expect(waitingToSend(page, 2)).toBeVisible();

    // The phone reloads the page without a connection: the shell opens and both still wait.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeVisible();
    await waitingToSend(page, 2).click();
    const list = page.getByRole('dialog', { name: 'Waiting to send' });
    const items = entriesOf(list);
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`Expense: Meals on ${PROJECTS[14]}, ${today}`);
    await expect(items.nth(0)).toContainText(/receipt receipt-photo-/);
    await expect(items.nth(1)).toContainText(`Timesheet: ${PROJECTS[12]}, 1 day (${today})`);
    await expect(items.nth(1)).toContainText('Waiting for a connection.');
    await list.getByRole('button', { name: 'Close' }).click();
    expect(await storedToday(request, token, 'timesheets', 12, timeComment)).toEqual([]);

    // Back online: both are sent, in order, and the lists show them.
    await context.setOffline(false);
    await expect(toast(page, '2 waiting entries sent.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Waiting to send/ })).toHaveCount(0);
    // The saved list (a list of cards at phone width) shows the day's time without a reload.
    const saved = page.getByRole('list', { name: 'Saved timesheets' }).getByRole('listitem');
    await expect(saved.filter({ hasText: timeComment })).toHaveCount(1);

    // Stored exactly once each, the meal with its photographed receipt.
    expect(await storedToday(request, token, 'timesheets', 12, timeComment)).toHaveLength(1);
    const meals = await storedToday(request, token, 'expenses', 14, mealComment);
    expect(meals).toHaveLength(1);
    expect(meals[0]?.receiptFileName).toMatch(/^receipt-photo-\d{8}T\d{6}\.pdf$/);

    // A reload finds nothing left to send, and nothing was sent twice.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Waiting to send/ })).toHaveCount(0);
    expect(await storedToday(request, token, 'timesheets', 12, timeComment)).toHaveLength(1);
  });

  test('an entry the server refuses meanwhile is kept with its message, put back in its form by Fix, then discarded after a confirmation', async ({
    page,
    context,
    request,
  }) => {
    const comment = 'Offline: pump test before the roster changed';
    const timesheets = new TimesheetScreen(page);
    await timesheets.openAs(PEOPLE.carlos);
    await serviceWorkerInControl(page);
    const token = await sessionToken(page);
    const admin = await adminToken(request);

    await context.setOffline(true);
    await enterDay(timesheets, FIELD_OPERATIONS.name, '2', comment);
    await expect(toast(page, KEPT)).toBeVisible();
    await expect(waitingToSend(page, 1)).toBeVisible();

    // Meanwhile an admin takes Carlos off the project's roster.
    await setRoster(request, admin, false);
    try {
      await context.setOffline(false);
      await expect(toast(page, '1 waiting entry refused by the server: open Waiting to send.')).toBeVisible({
        timeout: 30_000,
      });
      await waitingToSend(page, 1).click();
      const list = page.getByRole('dialog', { name: 'Waiting to send' });
      const entry = entriesOf(list).filter({ hasText: FIELD_OPERATIONS.name });
      await expect(entry).toContainText('Refused: You are not on the roster of this project.');
      expect(await storedToday(request, token, 'timesheets', FIELD_OPERATIONS.id, comment)).toEqual([]);

      // Fix puts the entry back in its form; it stays waiting until the fixed one is saved.
      await entry.getByRole('button', { name: /^Fix / }).click();
      await expect(timesheets.entry.getByRole('button', { name: 'Project' })).toContainText(
        FIELD_OPERATIONS.name,
      );
      await expect(timesheets.hoursFor(today)).toHaveValue('2');
      await expect(timesheets.commentFor(today)).toHaveValue(comment);
      await waitingToSend(page, 1).click();

      // Discard asks first: Keep it keeps it.
      await entry.getByRole('button', { name: /^Discard / }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Discard this entry?' });
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await expect(entriesOf(list)).toHaveCount(1);
      await entry.getByRole('button', { name: /^Discard / }).click();
      await confirm.getByRole('button', { name: 'Discard', exact: true }).click();
      await expect(list.getByText('Nothing is waiting to send.')).toBeVisible();
      await list.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('button', { name: /^Waiting to send/ })).toHaveCount(0);
      expect(await storedToday(request, token, 'timesheets', FIELD_OPERATIONS.id, comment)).toEqual([]);
    } finally {
      await context.setOffline(false);
      await setRoster(request, admin, true);
    }
  });

  test('the app is installable: its manifest and service worker are served as browsers need them', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await request.get(href ?? '');
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as { display: string; icons: { sizes: string; purpose: string }[] };
    expect(body.display).toBe('standalone');
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) {
      expect((await request.get(icon)).headers()['content-type']).toBe('image/png');
    }
    const worker = await request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await serviceWorkerInControl(page);
    // Nothing under /api is kept by the worker: its caches hold only the app's own files.
    const cached = await page.evaluate(async () => {
      const scope = globalThis as unknown as {
        caches: {
          keys(): Promise<string[]>;
          open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
        };
      };
      const urls: string[] = [];
      for (const name of await scope.caches.keys()) {
        for (const request of await (await scope.caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.some((url) => new URL(url).pathname.startsWith('/index.html'))).toBe(true);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
  });
});
