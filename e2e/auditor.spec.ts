import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  choose,
  monthOf,
  PEOPLE,
  sessionToken,
  shortMonthLabel,
  signInInstead,
  toast,
  firmToday,
  openAs,
} from './support/portal';

/*
 * The Auditor (issue 11). Alice (admin) ticks Is Auditor for Rita Receipts on the staff review;
 * Rita then reads the review (people of both owners), the roster and planned hours without a
 * single action button, and the server answers her direct writes 403. Alice's token clears the flag
 * again at the end, whatever happened, so the specs after this one find Rita as seeded.
 */
const RITA = { id: 6, name: 'Rita Receipts' };
const SAM = 'Sam Sightstream';
const AUDITOR_BOX = 'Is Auditor (reads the review screens, changes nothing)';
const ACTIONS = /^(Approve all|Approve selected|Return…|Edit|Save|Delete|Add|Verify|Update)/;

const auditGroup = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Audit' });

let aliceToken = '';

// Whatever happened, Rita is no auditor for the specs after this one.
test.afterEach(async ({ request }) => {
  if (!aliceToken) return;
  const answer = await request.put(`/api/admin/staff/${RITA.id}`, {
    headers: { authorization: `Bearer ${aliceToken}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { isAuditor: false },
  });
  expect(answer.status()).toBe(200);
});

test('an auditor reads the review, roster and planned hours, and can change nothing', async ({ page }) => {
  // Three screens and a staff review save in one story: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const previous = monthOf(firmToday(), -1);
  await openAs(page, PEOPLE.alice, '/');
  aliceToken = await sessionToken(page);
  {
    // The admin ticks Is Auditor on Rita's profile.
    await page.goto('/admin/staffs/review');
    await page.getByRole('searchbox', { name: 'Search staff' }).fill('rita');
    await page.getByRole('button', { name: `Edit ${RITA.name}` }).click();
    const form = page.getByRole('form', { name: `Profile of ${RITA.name}` });
    const box = form.getByRole('checkbox', { name: AUDITOR_BOX, exact: true });
    await expect(box).not.toBeChecked();
    await form
      .locator('label')
      .filter({ has: page.getByRole('checkbox', { name: AUDITOR_BOX, exact: true }) })
      .click();
    await expect(box).toBeChecked();
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Staff profile updated')).toBeVisible();

    // Rita signs in: the Audit group leads her to the review.
    await signInInstead(page, RITA.name);
    await page.goto('/home');
    await expect(page.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
    await expect(auditGroup(page)).toHaveAttribute('aria-expanded', 'true');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Timesheet Review' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Timesheet Review' })).toBeVisible();

    // Last month's review: people of both owners, their rows, and no action on them.
    await page.goto(`/admin/timesheets/review?month=${previous}`);
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
    const carlos = page.getByRole('region', { name: PEOPLE.carlos, exact: true });
    await expect(carlos).toBeVisible();
    await expect(page.getByRole('region', { name: SAM, exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('grid', { name: `Time of ${PEOPLE.carlos}` })
        .locator('time')
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: ACTIONS })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('checkbox')).toHaveCount(0);
    await expect(carlos.getByRole('button', { name: 'Download Timesheets' })).toBeVisible();

    // The roster: the grid without Save or Discard.
    await page.goto('/empRoster');
    const roster = page.getByRole('grid', { name: 'Employee - Project Roster' });
    await expect(roster.getByRole('rowheader', { name: SAM })).toBeVisible();
    await expect(roster.getByRole('rowheader', { name: PEOPLE.carlos })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Save|Discard)/ })).toHaveCount(0);
    await expect(roster.getByRole('checkbox')).toHaveCount(0);

    // Planned hours: the grid and its export, no Edit.
    await page.goto('/admin/planned-hours');
    await expect(page.getByRole('heading', { level: 1, name: 'Project Planned Hours' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Project' }).fill('Offshore');
    await page.getByRole('listbox').getByRole('option', { name: 'Offshore Analytics', exact: true }).click();
    const selection = page.getByRole('group', { name: 'Grid selection' });
    // Next month to the one after: Dana is on the project's roster whatever is planned there.
    await choose(selection, page, 'Start month', shortMonthLabel(monthOf(firmToday(), 1)));
    await choose(selection, page, 'End month', shortMonthLabel(monthOf(firmToday(), 3)));
    const planned = page.getByRole('table', { name: 'Planned hours' });
    await expect(planned.getByRole('rowheader', { name: 'Dana Developer' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: ACTIONS })).toHaveCount(0);

    // Writes sent straight to the API with Rita's session: 403, even her own time.
    const token = await sessionToken(page);
    const headers = { authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() };
    const own = await page.request.post('/api/timesheets', {
      headers,
      data: { projectId: 33, subProjectId: null, confirmLate: false, items: [] },
    });
    expect(own.status()).toBe(403);
    const approve = await page.request.post('/api/admin/review/approve', { headers, data: {} });
    expect(approve.status()).toBe(403);
    const plan = await page.request.put('/api/admin/planned-hours', { headers, data: {} });
    expect(plan.status()).toBe(403);
    expect(((await plan.json()) as { message: string }).message).toBe(
      'Auditors can view but not change anything.',
    );
  }
});
