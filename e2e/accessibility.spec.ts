import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';
import { PEOPLE, openAs } from './support/portal';

/**
 * Every built screen passes axe's WCAG 2.0/2.1/2.2 A and AA rules for a contractor and for an
 * admin, on a desktop and on a phone, along with the states a person opens on them: the sign-in
 * picker, the account menu and the phone's navigation menu. The shared fixture checks each page
 * too; these checks are explicit so that the list of screens is written down here.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Each built route and the main heading that shows it is rendered. */
const EVERYONE: readonly (readonly [path: string, heading: RegExp])[] = [
  ['/', /^The Future is Smart$/],
  ['/home', /^Welcome, /],
  ['/timesheets/create', /^Timesheets$/],
  ['/expenses/create', /^Expenses$/],
  ['/documentation', /documentation/i],
  ['/profile', /^Employee Profile$/],
  ['/verify-review', /^Verify Timesheet & Expense$/],
  ['/user-help', /^Need Help\?$/],
];
const ADMINS_ONLY: readonly (readonly [path: string, heading: RegExp])[] = [
  ['/admin/outbox', /^Mail outbox$/],
  ['/admin/exchange-rates', /^Exchange rates$/],
  ['/admin/settings', /^Settings$/],
  ['/admin/timesheets/review', /^Contractor Timesheet Review$/],
  ['/empRoster', /^Employee - Project Roster$/],
  ['/admin/clients/create', /^Add New Client$/],
  ['/admin/clients/edit', /^Select Client to Edit$/],
  ['/admin/projects/create', /^Projects$/],
  ['/admin/vehicles/review', /^Vehicles$/],
  ['/admin/vehicles/edit', /^Add New Vehicle$/],
  ['/admin/staffs/review', /^Staff Review$/],
  ['/admin/planned-hours', /^Project Planned Hours$/],
];

const USERNAMES = {
  [PEOPLE.carlos]: 'carlos.contractor@smartwork.example',
  [PEOPLE.alice]: 'alice.admin@smartwork.example',
} as const;

/** Presses Tab (at most `steps` times) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, steps: number): Promise<void> {
  for (let step = 0; step < steps; step++) {
    if (await target.evaluate((el: { matches(selector: string): boolean }) => el.matches(':focus'))) return;
    await page.keyboard.press('Tab');
  }
}

/** Opens a route and waits until its heading is shown and no call is under way. */
async function visit(page: Page, path: string, heading: RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.width} x ${viewport.height} (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('signed out: the landing page and the sign-in picker', async ({ page }) => {
      await visit(page, '/', /^The Future is Smart$/);
      await expectNoAxeViolations(page, 'signed out');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByRole('dialog', { name: 'Sign in as' })).toBeVisible();
      await expectNoAxeViolations(page, 'sign-in picker open');
    });

    for (const [who, name, routes] of [
      ['contractor', PEOPLE.carlos, EVERYONE],
      ['admin', PEOPLE.alice, [...EVERYONE, ...ADMINS_ONLY]],
    ] as const) {
      test(`a ${who} on every built screen`, async ({ page }) => {
        // Every screen and an axe run on each: a ceiling for a loaded two-core machine, not a figure.
        test.setTimeout(180_000);
        await openAs(page, name, '/');
        for (const [path, heading] of routes) {
          await visit(page, path, heading);
          await expectNoAxeViolations(page, who);
        }

        await page.goto('/home');
        await page.getByRole('button', { name: `Account menu for ${name}` }).click();
        await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
        await expectNoAxeViolations(page, `${who}, account menu open`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden();

        const navigationToggle = page.getByRole('button', { name: 'Navigation menu' });
        if (await navigationToggle.isVisible()) {
          await navigationToggle.click();
          await expect(navigationToggle).toHaveAttribute('aria-expanded', 'true');
          await expectNoAxeViolations(page, `${who}, navigation menu open`);
        }
      });
    }
  });
}

test.describe("the avatar's tooltip names the signed-in username", () => {
  test('on hover and on keyboard focus, as its description, and Escape hides it', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/');
    await visit(page, '/home', /^Welcome, /);
    const avatar = page.getByRole('button', { name: `Account menu for ${PEOPLE.carlos}` });
    const tooltip = page.getByRole('tooltip');

    await page.mouse.move(0, 0);
    await avatar.hover();
    await expect(tooltip).toHaveText(USERNAMES[PEOPLE.carlos]);
    await expect(avatar).toHaveAccessibleDescription(USERNAMES[PEOPLE.carlos]);
    await expectNoAxeViolations(page, 'avatar tooltip on hover');
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeHidden();

    // Keyboard: Tab from the top of the page until the avatar has focus.
    await page.locator('body').focus();
    await tabTo(page, avatar, 10);
    await expect(avatar).toBeFocused();
    await expect(tooltip).toHaveText(USERNAMES[PEOPLE.carlos]);
    await expectNoAxeViolations(page, 'avatar tooltip on keyboard focus');
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
    await expect(avatar).toBeFocused();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('keyboard focus shows it on the landing page and in the shell', async ({ page }) => {
      await openAs(page, PEOPLE.alice, '/');
      const avatar = page.getByRole('button', { name: `Account menu for ${PEOPLE.alice}` });
      const tooltip = page.getByRole('tooltip');
      for (const path of ['/', '/home']) {
        await page.goto(path);
        await expect(avatar).toBeVisible();
        await page.locator('body').focus();
        await tabTo(page, avatar, 20);
        await expect(avatar).toBeFocused();
        await expect(tooltip).toHaveText(USERNAMES[PEOPLE.alice]);
        await expect(tooltip).toBeInViewport({ ratio: 1 });
      }
    });
  });
});

test.describe('the exchange-rates table scrolls sideways from the keyboard', () => {
  const table = (page: Page) => page.getByRole('region', { name: 'Exchange rates table' });

  test('on a desktop it fits: a plain box, no extra Tab stop', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/');
    await visit(page, '/admin/exchange-rates', /^Exchange rates$/);
    await expect(page.getByRole('table', { name: 'Exchange rates' })).toBeVisible();
    await expect(table(page)).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('each currency is a card with every field, and Tab goes from rate to rate while editing', async ({
      page,
    }) => {
      await openAs(page, PEOPLE.alice, '/');
      await visit(page, '/admin/exchange-rates', /^Exchange rates$/);
      const cards = page.getByRole('list', { name: 'Exchange rates' });
      const cad = cards.getByRole('listitem').filter({ hasText: 'CAD' });
      for (const label of ['Rate per USD', 'Last updated', 'Updated by']) {
        await expect(cad.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
      }
      await expect(table(page)).toHaveCount(0);
      await expectNoSidewaysScroll(page);

      await page.getByRole('button', { name: 'Edit' }).click();
      const cadRate = page.getByRole('textbox', { name: 'Rate per USD for CAD' });
      await expect(cadRate).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('textbox', { name: /^Rate per USD for / }).nth(1)).toBeFocused();
    });
  });
});

test.describe('focus is never hidden under the sticky top bar (WCAG 2.4.11)', () => {
  test.use({ viewport: { width: 1280, height: 420 } });

  test('tabbing back up the timesheet page keeps each focused control below the top bar', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.carlos, '/');
    await visit(page, '/timesheets/create', /^Timesheets$/);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).click();
    // Down the page first (the page scrolls), then back up: each control comes into view at the top.
    for (let step = 0; step < 30; step++) await page.keyboard.press('Tab');
    let checked = 0;
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press('Shift+Tab');
      // Controls in the top bar and the sidebar stay put; only the page's own content scrolls.
      const box = await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: { activeElement: unknown } }).document;
        const active = doc.activeElement as {
          closest(selector: string): unknown;
          getBoundingClientRect(): { top: number; height: number };
        } | null;
        if (!active || !active.closest('main')) return null;
        const rect = active.getBoundingClientRect();
        return { top: rect.top, height: rect.height };
      });
      if (!box || box.height === 0) continue;
      checked += 1;
      expect(box.top, `focused control ${step + 1} starts under the 60 px top bar`).toBeGreaterThanOrEqual(
        60,
      );
    }
    expect(checked).toBeGreaterThan(5);
  });
});
