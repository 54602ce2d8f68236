import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';
import { openAs, PEOPLE } from './support/portal';

const GUIDES = [
  { name: 'How To: Add Timesheet', href: '/documentation/add-timesheet' },
  { name: 'How To: Edit Timesheet', href: '/documentation/edit-timesheet' },
  { name: 'How To: Add Expense', href: '/documentation/add-expense' },
] as const;

/** The how-to section of a help page, found as a screen reader finds it: a region named by its h2. */
function section(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('region', { name, exact: true });
}

/** Opens a guide from the overview by its link, as a person would. */
async function openGuide(page: Page, name: string): Promise<void> {
  await page.goto('/documentation');
  await page.getByRole('main').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/coming soon/i);
}

test.describe('documentation', () => {
  test('the overview links to every guide and no longer says expenses are coming soon', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/documentation');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Documentation Overview' })).toBeVisible();
    await expect(main).not.toContainText(/coming soon/i);
    const list = main.getByRole('region', { name: 'How To' }).getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(GUIDES.length);
    for (const guide of GUIDES) {
      await expect(list.getByRole('link', { name: guide.name, exact: true })).toHaveAttribute(
        'href',
        guide.href,
      );
    }
    // The review guide is for admins only, and its page sends anybody else home.
    await expect(main.getByRole('link', { name: 'How To: Timesheet Review' })).toHaveCount(0);
    await page.goto('/documentation/timesheet-review');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('Add Timesheet: the steps, the day window and the late-entry question', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/');
    await openGuide(page, 'How To: Add Timesheet');

    const steps = section(page, 'Steps').getByRole('listitem');
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(0)).toContainText('Choose the Project');
    await expect(steps.nth(1)).toContainText('Shift+click');
    await expect(steps.nth(2)).toContainText('Activity Comment (required, at most 50 characters)');
    await expect(steps.nth(2)).toContainText('Apply hours to all');
    await expect(steps.nth(4)).toContainText('Press Save. The portal says “Timesheet has been saved!”');
    await expect(section(page, 'Which days you can choose')).toContainText(
      'From the first day of the month 2 months back to the last day of the month 2 months ahead.',
    );
    await expect(section(page, 'Days before this week')).toContainText(
      'The selected date is not within the current week.',
    );
    await expect(section(page, 'If the form stops you')).toContainText('Please fill in your hours');

    await page.getByRole('main').getByRole('link', { name: 'Timesheets', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Timesheets' })).toBeVisible();
  });

  test('Edit Timesheet: finding, changing and deleting an entry, and what locks it', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/');
    await openGuide(page, 'How To: Edit Timesheet');

    await expect(section(page, 'Find the entry')).toContainText('Current month (the default)');
    const change = section(page, 'Change an entry').getByRole('listitem');
    await expect(change).toHaveCount(3);
    await expect(change.nth(1)).toContainText('The Edit Timesheet dialog opens');
    await expect(change.nth(1)).toContainText('Hours go in steps of 0.5');
    await expect(change.nth(2)).toContainText(
      'Press Save Changes. The portal says “Timesheet has been updated!”',
    );
    await expect(section(page, 'Delete an entry').getByRole('listitem')).toHaveCount(2);
    const locks = section(page, 'When an entry cannot be changed');
    await expect(locks).toContainText('shows Approved instead of the buttons');
    await expect(locks).toContainText('“Project name is not editable”');

    await page.getByRole('main').getByRole('link', { name: 'Documentation Overview' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation Overview' })).toBeVisible();
  });

  test('Add Expense: the steps, the types, receipts and the phone camera', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/');
    await openGuide(page, 'How To: Add Expense');

    const steps = section(page, 'Steps').getByRole('listitem');
    await expect(steps).toHaveCount(8);
    await expect(steps.nth(0)).toContainText('Choose the Expense Type first');
    await expect(steps.nth(1)).toContainText('USD, CAD, EUR, INR, GBP, AUD');
    await expect(steps.nth(7)).toContainText('Press Submit. The portal says “Expense has been saved.”');
    await expect(section(page, 'Steps')).toContainText('6 months back');

    const types = section(page, 'Expense types');
    await expect(types.getByRole('listitem').filter({ hasText: /^Meals:/ })).toContainText(
      'a receipt is required',
    );
    await expect(types.getByRole('listitem').filter({ hasText: /^Hotel:/ })).toContainText('Check-In Date');
    await expect(types.getByRole('listitem').filter({ hasText: /^Flight:/ })).toContainText(
      'Date of Departure required',
    );

    await expect(section(page, 'Receipts')).toContainText('One PDF file of at most 10 MB');
    const camera = section(page, 'Scan a receipt with your phone').getByRole('listitem');
    await expect(camera.nth(1)).toContainText('Press Start camera');
    await expect(camera.nth(2)).toContainText('press Take photo');
    await expect(section(page, 'Currency')).toContainText('cut (not rounded) to 2 decimals');
    await expect(section(page, 'If the form stops you')).toContainText('Type of expense is required.');
  });

  test('an admin also finds the review guide: verify, review, approve or return, with the pages linked', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/documentation');
    await page.getByRole('main').getByRole('link', { name: 'How To: Timesheet Review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'How To: Timesheet Review' })).toBeVisible();
    await expect(section(page, 'The contractor verifies')).toContainText('Project name is not editable');
    const steps = section(page, 'You review');
    await expect(steps).toContainText('Expenses Approved Successfully');
    await expect(steps).toContainText('You cannot approve or return your own period.');
    await steps.getByRole('link', { name: 'Contractor Timesheet Review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Timesheet Review' })).toBeVisible();
  });

  test('the guides read at phone width without sideways scrolling', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/');
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 700 });
      for (const guide of GUIDES) {
        await page.goto(guide.href);
        const article = page.getByRole('article', { name: guide.name });
        await expect(article.getByRole('heading', { level: 1 })).toBeVisible();
        // The guide's own text wraps inside its column (the shell's top bar is measured by the shell's tests).
        const fits = await article.evaluate((el: { scrollWidth: number; clientWidth: number }) => ({
          scroll: el.scrollWidth,
          client: el.clientWidth,
        }));
        expect(fits.scroll, `${guide.href} at ${width} px`).toBeLessThanOrEqual(fits.client);
        if (width === 390) await expectNoSidewaysScroll(page, `${guide.href} at 390 px`);
      }
    }
  });
});
