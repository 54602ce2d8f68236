import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openAs, PEOPLE } from './support/portal';

/** The page's width as laid out (what a horizontal scrollbar would reveal) and the window's. */
async function widths(page: Page): Promise<{ scroll: number; viewport: number }> {
  return page.locator('html').evaluate((html: { scrollWidth: number; clientWidth: number }) => ({
    scroll: html.scrollWidth,
    viewport: html.clientWidth,
  }));
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'element is laid out').not.toBeNull();
  return found!;
}

test.describe('home page', () => {
  test('signed out: tagline, Log In, help, links and the 2025 holiday lists', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'The Future is Smart' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the documentation' })).toHaveAttribute(
      'href',
      '/documentation',
    );
    await expect(page.getByRole('link', { name: 'MY-ERP' })).toHaveAttribute('href', '/home');
    await expect(page.getByRole('link', { name: 'Company Values' })).toHaveAttribute(
      'href',
      '/companyValues',
    );

    const us = page.getByRole('list', { name: 'United States holidays 2025' });
    const canada = page.getByRole('list', { name: 'Canada holidays 2025' });
    await expect(us.getByRole('listitem')).toHaveCount(11);
    await expect(canada.getByRole('listitem')).toHaveCount(10);
    // Spot checks that the lists hold the holidays of 2025 (dates read like 'Fri Jul 04').
    await expect(us.getByRole('listitem').filter({ hasText: 'Fri Jul 04' })).toHaveText(/Independence Day/);
    // The heading names the year, so the dates do not repeat it (even when it is not this year).
    await expect(us.getByRole('listitem').filter({ hasText: '2025' })).toHaveCount(0);
    await expect(us.getByRole('listitem').filter({ hasText: 'Thu Nov 27' })).toHaveText(/Thanksgiving/);
    await expect(canada.getByRole('listitem').filter({ hasText: 'Tue Jul 01' })).toHaveText(/Canada Day/);

    // The tiles are for signed-in people only.
    await expect(page.getByRole('link', { name: /Add Timesheet/ })).toHaveCount(0);
  });

  test('signed in: the Add Timesheet and Add Expense tiles lead to their screens', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/');
    const timesheetTile = page.getByRole('link', { name: /Add Timesheet/ });
    const expenseTile = page.getByRole('link', { name: /Add Expense/ });
    await expect(timesheetTile).toBeVisible();
    await expect(expenseTile).toBeVisible();
    await expect(expenseTile).toHaveAttribute('href', '/expenses/create');
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);

    await timesheetTile.click();
    await expect(page).toHaveURL(/\/timesheets\/create$/);
    await expect(page.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeVisible();
  });

  test.describe('phone layout (390 x 844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('no horizontal scroll, Log In in view, tiles stacked after sign-in', async ({ page }, testInfo) => {
      await page.goto('/');
      const logIn = page.getByRole('button', { name: 'Log In' });
      await expect(logIn).toBeVisible();
      await expect(logIn).toBeInViewport();
      await expect(page.getByRole('list', { name: 'United States holidays 2025' })).toBeVisible();

      const signedOut = await widths(page);
      expect(signedOut.viewport).toBeLessThanOrEqual(390);
      expect(signedOut.scroll).toBeLessThanOrEqual(signedOut.viewport);
      const logInBox = await box(logIn);
      expect(logInBox.x).toBeGreaterThanOrEqual(0);
      expect(logInBox.x + logInBox.width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: testInfo.outputPath('home-phone-signed-out.png'), fullPage: true });

      await openAs(page, PEOPLE.carlos, '/');
      const timesheetTile = page.getByRole('link', { name: /Add Timesheet/ });
      const expenseTile = page.getByRole('link', { name: /Add Expense/ });
      await expect(timesheetTile).toBeVisible();
      await expect(expenseTile).toBeVisible();

      const first = await box(timesheetTile);
      const second = await box(expenseTile);
      // Stacked: the second tile starts below the first one, in the same column, both on screen.
      expect(second.y).toBeGreaterThanOrEqual(first.y + first.height - 1);
      expect(Math.abs(second.x - first.x)).toBeLessThanOrEqual(1);
      for (const tile of [first, second]) {
        expect(tile.x).toBeGreaterThanOrEqual(0);
        expect(tile.x + tile.width).toBeLessThanOrEqual(390);
      }

      const signedIn = await widths(page);
      expect(signedIn.scroll).toBeLessThanOrEqual(signedIn.viewport);
      await page.screenshot({ path: testInfo.outputPath('home-phone-signed-in.png'), fullPage: true });
    });

    test('the shell hides the sidebar behind the Navigation menu button', async ({ page }, testInfo) => {
      await openAs(page, PEOPLE.carlos, '/home');
      const toggle = page.getByRole('button', { name: 'Navigation menu' });
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const timesheetLink = nav.getByRole('link', { name: 'Add Timesheet' });
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(timesheetLink).not.toBeInViewport();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(timesheetLink).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: testInfo.outputPath('shell-phone-menu-open.png') });

      // Following a link closes the menu.
      await timesheetLink.click();
      await expect(page).toHaveURL(/\/timesheets\/create$/);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeVisible();
      const size = await widths(page);
      expect(size.scroll).toBeLessThanOrEqual(size.viewport);
    });
  });
});
