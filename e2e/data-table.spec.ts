import type { Locator, Page } from '@playwright/test';
import { addDays, choose, openAs, firmToday } from './support/portal';
import { expect, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';

/**
 * The kit's data table as people use it: every field and action of a saved row on a phone card,
 * long unbroken text that stays inside its card on a desktop, search, sorting, pages, and a list
 * whose load fails once and recovers with Retry. Dana is used so other specs' lists stay as they
 * expect (they use Carlos and Alice).
 */

const DANA = 'Dana Developer';
const PIPELINE = { id: 12, name: 'Pipeline Integrity Review' };
const OFFSHORE = { id: 30, name: 'Offshore Analytics' };
/** 50 characters, no spaces. */
const LONG = 'Inspection-of-valve-chamber-7B-north-manifold-rev2';
const today = firmToday();

/** Calls the API as the signed-in person (the page's session token), answering the status. */
async function callApi(page: Page, method: string, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const storage = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } })
        .sessionStorage;
      const token = storage.getItem('portal.session.token');
      const response = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token ?? ''}`,
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body },
  );
}

/** The element lies wholly inside the viewport's width. */
async function expectWithinWidth(locator: Locator, width: number): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** The card's value for a field label (its <dt>/<dd> pair). */
function field(card: Locator, label: string): Locator {
  const term = card
    .page()
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) });
  return card.locator('div').filter({ has: term }).getByRole('definition');
}

for (const width of [390, 320]) {
  test.describe(`saved lists on a phone (${width} px)`, () => {
    test.use({ viewport: { width, height: 740 } });
    // Each width saves its own row, so the two runs never see each other's.
    const comment = `${LONG.slice(0, -1)}${width === 390 ? '2' : '3'}`;

    test('a saved timesheet shows every field and both actions on its card, with no sideways scrolling', async ({
      page,
    }) => {
      await openAs(page, DANA, '/');
      const status = await callApi(page, 'POST', '/api/timesheets', {
        projectId: PIPELINE.id,
        items: [{ date: today, hours: '7.5', comment }],
      });
      expect(status).toBe(201);

      await page.goto('/timesheets/create');
      const saved = page.getByRole('region', { name: 'Saved Timesheets' });
      // Found by the search, whichever page the date order would put it on.
      await saved.getByRole('searchbox', { name: 'Search timesheets' }).fill(comment);
      const card = saved
        .getByRole('list', { name: 'Saved timesheets' })
        .getByRole('listitem')
        .filter({ hasText: comment });
      await expect(card).toHaveCount(1);
      await expectWithinWidth(card, width);
      await expect(field(card, 'Project')).toHaveText(PIPELINE.name);
      await expect(field(card, 'Sub-project')).toBeAttached();
      await expect(field(card, 'Activity')).toHaveText(comment);
      await expect(field(card, 'Hours')).toHaveText('7.5');
      await expect(field(card, 'Value')).toHaveText('1,500.00');
      for (const label of ['Project', 'Activity', 'Hours', 'Value'])
        await expectWithinWidth(field(card, label), width);
      const edit = card.getByRole('button', { name: /^Edit / });
      const remove = card.getByRole('button', { name: /^Delete / });
      await expectWithinWidth(edit, width);
      await expectWithinWidth(remove, width);
      await expectNoSidewaysScroll(page);

      // The actions work from the card.
      await edit.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // While searching the totals are left out (they are the whole list's); cleared, they are a
      // card of their own with the hours and value.
      await expect(saved.getByLabel('Total', { exact: true })).toHaveCount(0);
      await saved.getByRole('searchbox', { name: 'Search timesheets' }).fill('');
      const totals = saved.getByLabel('Total', { exact: true });
      await expectWithinWidth(totals, width);
      await expect(field(totals, 'Hours')).toHaveText(/^\d[\d,]*(\.\d+)?$/);
      await expect(field(totals, 'Value')).toHaveText(/^\d[\d,]*\.\d{2}$/);
    });

    test('an empty period says so on screen, with no sideways scrolling', async ({ page }) => {
      await openAs(page, DANA, '/timesheets/create');
      const saved = page.getByRole('region', { name: 'Saved Timesheets' });
      await choose(saved, page, 'Period', 'Custom range');
      await saved.getByRole('textbox', { name: 'From', exact: true }).fill(addDays(today, 30));
      await saved.getByRole('textbox', { name: 'To', exact: true }).fill(addDays(today, 31));
      await expectWithinWidth(saved.getByText('Records not found'), width);
      await expectNoSidewaysScroll(page);
    });

    test('a saved expense shows every field and both actions on its card', async ({ page }) => {
      await openAs(page, DANA, '/expenses/create');
      const saved = page.getByRole('region', { name: 'Saved Expenses' });
      // The demo has Dana's roaming claim last month.
      await saved.getByRole('button', { name: 'Period' }).click();
      await page.getByRole('listbox').getByRole('option').nth(1).click();
      const card = saved
        .getByRole('list', { name: 'Saved expenses' })
        .getByRole('listitem')
        .filter({ hasText: 'Roaming for the offshore calls' });
      await expect(card).toHaveCount(1);
      for (const label of ['Project', 'Expense Type', 'Currency', 'Claimed', 'Attachment', 'Comments']) {
        await expectWithinWidth(field(card, label), width);
      }
      await expect(field(card, 'Currency')).toHaveText('USD 65.00');
      await expectWithinWidth(card.getByRole('button', { name: /^Edit / }), width);
      await expectWithinWidth(card.getByRole('button', { name: /^Delete / }), width);
      await expectNoSidewaysScroll(page);
    });
  });
}

test.describe('saved lists on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a 50-character comment without spaces stays inside its card', async ({ page }) => {
    await openAs(page, DANA, '/timesheets/create');
    const saved = page.getByRole('region', { name: 'Saved Timesheets' });
    const grid = saved.getByRole('grid', { name: 'Saved timesheets' });
    const comment = `${LONG.slice(0, -1)}4`;
    expect(
      await callApi(page, 'POST', '/api/timesheets', {
        projectId: PIPELINE.id,
        items: [{ date: today, hours: '7.5', comment }],
      }),
    ).toBe(201);
    await page.reload();
    // Found by the search, whichever page the date order would put it on.
    await saved.getByRole('searchbox', { name: 'Search timesheets' }).fill(comment);
    const row = grid.getByRole('row').filter({ hasText: comment });
    await expect(row).toHaveCount(1);
    const sizes = await saved.evaluate((card) => {
      const scroller = card.querySelector('.table-scroll');
      return {
        card: card.scrollWidth - card.clientWidth,
        table: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
      };
    });
    expect(sizes.card, 'the card overflows').toBeLessThanOrEqual(0);
    expect(sizes.table, 'the table scrolls sideways').toBeLessThanOrEqual(0);
    // The row's buttons are inside the card, not cut off at its right edge.
    const remove = row.getByRole('button', { name: /^Delete / });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport();
    const [button, card] = [await remove.boundingBox(), await saved.boundingBox()];
    expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width);
    await expectNoSidewaysScroll(page);
  });

  test('search, sorting and pages over a long list', async ({ page }) => {
    await openAs(page, DANA, '/');
    // 41 days of survey work, one row a day ending today; hours 1.0, 1.1, … so each is distinct.
    const days = Array.from({ length: 41 }, (_, i) => addDays(today, i - 40));
    const names = days.map((_, i) => (i === 7 ? 'Survey kestrel nest' : `Survey log ${i}`));
    expect(
      await callApi(page, 'POST', '/api/timesheets', {
        projectId: OFFSHORE.id,
        confirmLate: true,
        items: days.map((date, i) => ({
          date,
          hours: `${1 + Math.floor(i / 10)}.${i % 10}`,
          comment: names[i],
        })),
      }),
    ).toBe(201);

    await page.goto('/timesheets/create');
    const saved = page.getByRole('region', { name: 'Saved Timesheets' });
    await choose(saved, page, 'Period', 'Last 3 months');
    await choose(saved, page, 'Filter by project', OFFSHORE.name);
    const grid = saved.getByRole('grid', { name: 'Saved timesheets' });
    const status = saved.getByRole('status').filter({ hasText: /^Showing|^No timesheets/ });
    await expect(status).toHaveText('Showing 1–25 of 41 timesheets');
    // Oldest first by default.
    await expect(grid.getByRole('row').nth(1)).toContainText('Survey log 0');

    await saved.getByRole('button', { name: 'Next page' }).click();
    await expect(status).toHaveText('Showing 26–41 of 41 timesheets');
    await expect(grid.getByRole('row').nth(1)).toContainText('Survey log 25');
    await expect(saved.getByRole('button', { name: 'Next page' })).toBeDisabled();

    // Hours sort as numbers, largest first on the second click (5.0 > 4.9 > … > 1.0).
    const hours = grid.getByRole('columnheader', { name: 'Hours' });
    await hours.click();
    await hours.click();
    await expect(hours).toHaveAttribute('aria-sort', 'descending');
    await expect(status).toHaveText('Showing 1–25 of 41 timesheets');
    await expect(grid.getByRole('row').nth(1)).toContainText('Survey log 40');
    await expect(grid.getByRole('row').nth(2)).toContainText('Survey log 39');

    // The search finds a row by any word shown; totals are for the whole list and say so.
    await saved.getByRole('searchbox', { name: 'Search timesheets' }).fill('kestrel');
    await expect(status).toHaveText('Showing 1–1 of 1 timesheets (filtered from 41)');
    await expect(grid.getByRole('row').filter({ hasText: 'Survey' })).toHaveCount(1);
    await expect(
      saved.getByText('Totals are shown for the whole list; clear the search to see them.'),
    ).toBeVisible();
    await saved.getByRole('searchbox', { name: 'Search timesheets' }).fill('no such words');
    await expect(saved.getByText('No timesheets match “no such words”.')).toBeVisible();
    await saved.getByRole('button', { name: 'Clear search' }).last().click();
    await expect(status).toHaveText('Showing 1–25 of 41 timesheets');

    await choose(saved, page, 'Rows per page', '50');
    await expect(status).toHaveText('Showing 1–41 of 41 timesheets');
    await expect(grid.getByRole('row').filter({ hasText: 'Survey' })).toHaveCount(41);
  });

  test('a list whose request fails shows a plain message and Retry, and Retry recovers', async ({ page }) => {
    let failures = 0;
    await page.route('**/api/timesheets?**', async (route) => {
      if (route.request().method() === 'GET' && failures === 0) {
        failures += 1;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 500, message: 'boom' }),
        });
      } else {
        await route.fallback();
      }
    });
    await openAs(page, DANA, '/timesheets/create');
    const saved = page.getByRole('region', { name: 'Saved Timesheets' });
    const alert = saved.getByRole('alert');
    await expect(alert).toContainText('Your timesheets could not be loaded. Try again');
    await expect(saved).not.toContainText('boom');
    await expect(saved.getByText('Records not found')).toHaveCount(0);
    expect(failures).toBe(1);

    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toHaveCount(0);
    await expect(
      saved.getByRole('grid', { name: 'Saved timesheets' }).or(saved.getByText('Records not found')),
    ).toBeVisible();
  });

  test('a form list whose request fails (sub-projects) says so plainly, and Retry fills the choice', async ({
    page,
  }) => {
    let failures = 0;
    await page.route('**/api/projects/sub-projects', async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 503, message: 'upstream connect error' }),
        });
      } else {
        await route.fallback();
      }
    });
    await openAs(page, DANA, '/timesheets/create');
    const entry = page.getByRole('region', { name: 'Add Timesheet' });
    await choose(entry, page, 'Project', 'Umbrella Services');
    const alert = entry.getByRole('alert').filter({ hasText: 'sub-projects' });
    await expect(alert).toHaveText(/Your sub-projects could not be loaded\. Try again/);
    await expect(entry).not.toContainText('upstream');

    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toHaveCount(0);
    // On a loaded machine the first click, right as the alert goes, can land while the choice is
    // re-rendered with its options and leave it closed; a person clicks again, and so does this.
    const subProject = entry.getByRole('button', { name: /Sub Project$/ });
    const firstOption = page.getByRole('listbox').getByRole('option').first();
    await expect(async () => {
      if (!(await firstOption.isVisible())) await subProject.click();
      await expect(firstOption).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Escape');
  });
});
