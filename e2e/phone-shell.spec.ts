import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openAs, PEOPLE } from './support/portal';

/** The landing navigation in the order a person tabs through it. */
const LANDING_LINKS = [
  'Featured Projects',
  'Energy and Utilities',
  'Infrastructure',
  'Digital Transformation',
  'Management',
  'Time on Tools',
  'Blogs',
  'Social',
  'MY-ERP',
  'Company Values',
] as const;

/** Every built route, and one that is not built yet (the Coming Soon page). */
const ROUTES = [
  '/',
  '/home',
  '/timesheets/create',
  '/expenses/create',
  '/documentation',
  '/user-help',
  '/admin/outbox',
  '/admin/exchange-rates',
  '/empRoster',
  '/admin/clients/edit',
  '/admin/projects/create',
  '/admin/vehicles/review',
  '/admin/staffs/review',
  '/admin/planned-hours',
  '/leave/leave-request',
  '/admin/leave',
  '/profile',
  '/codeOfConduct',
  '/admin/hr/hiring',
  '/onboarding',
  '/vehicle-maintenance',
] as const;

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

/** The few DOM shapes the in-page measurement reads (the e2e project compiles without the DOM lib). */
interface PageElement {
  readonly tagName: string;
  readonly classList: Iterable<string>;
  readonly parentElement: PageElement | null;
  getBoundingClientRect(): { right: number };
}
interface PageWindow {
  readonly document: {
    readonly documentElement: { scrollWidth: number; clientWidth: number };
    readonly body: PageElement & { querySelectorAll(selector: string): Iterable<PageElement> };
  };
  getComputedStyle(element: PageElement): { overflowX: string };
}

/**
 * How far the document reaches past the window on the right (0 when it cannot scroll sideways),
 * measured in the page, with the elements that stick out (outside any scrolling box) to say what
 * to fix when it fails.
 */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as PageWindow;
    const html = document.documentElement;
    const insideScroller = (element: PageElement): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > html.clientWidth + 0.5)
      .filter((element) => !insideScroller(element))
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { overflow: html.scrollWidth - html.clientWidth, culprits };
  });
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { overflow, culprits } = await sidewaysOverflow(page);
  expect(overflow, `${where} scrolls sideways; sticking out: ${culprits.join(', ')}`).toBeLessThanOrEqual(0);
}

for (const phone of PHONES) {
  test.describe(`phone shell (${phone.width} x ${phone.height})`, () => {
    test.use({ viewport: phone });

    test('the landing menu button shows the navigation; every link is reachable by keyboard', async ({
      page,
    }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Navigation menu' });
      const menu = page.getByRole('dialog', { name: 'Navigation menu' });
      await expect(toggle).toBeVisible();
      await expect(toggle).toBeInViewport({ ratio: 1 });
      // The links are behind the button, not running off the right edge.
      await expect(page.getByRole('link', { name: 'MY-ERP' })).toHaveCount(0);
      await expectNoSidewaysScroll(page, '/ with the menu closed');

      // Enter opens it; Tab walks every link in order.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      for (const name of LANDING_LINKS) {
        await page.keyboard.press('Tab');
        const link = menu.getByRole('link', { name, exact: true });
        await expect(link).toBeFocused();
        await expect(link).toBeInViewport({ ratio: 1 });
      }
      await expect(menu.getByRole('list', { name: 'Projects' }).getByRole('link')).toHaveCount(4);
      await expect(menu.getByRole('link', { name: 'MY-ERP' })).toHaveAttribute('href', '/home');
      await expect(menu.getByRole('link', { name: 'Company Values' })).toHaveAttribute(
        'href',
        '/companyValues',
      );
      await expect(menu.getByRole('link', { name: 'Management' })).toHaveAttribute('target', '_blank');
      await expectNoSidewaysScroll(page, '/ with the menu open');

      // Escape closes it and gives focus back to the button; Space opens it again.
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Space');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      // Signed in, following a portal link closes the menu and opens the page.
      await openAs(page, PEOPLE.carlos, '/');
      await toggle.click();
      await menu.getByRole('link', { name: 'MY-ERP' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(menu).toBeHidden();
      await expect(page.getByRole('heading', { name: `Welcome, ${PEOPLE.carlos}`, level: 1 })).toBeVisible();
    });

    test('the sidebar menu opens over the page, navigates and closes', async ({ page }) => {
      await openAs(page, PEOPLE.carlos, '/home');
      const toggle = page.getByRole('button', { name: 'Navigation menu' });
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const dashboard = nav.getByRole('link', { name: 'Dashboard' });
      const addExpense = nav.getByRole('link', { name: 'Add Expense' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(addExpense).not.toBeInViewport();

      // Opening moves focus to the first link; the page behind cannot be reached.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(dashboard).toBeFocused();
      await expect(addExpense).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('main')).toHaveAttribute('inert', '');
      await expectNoSidewaysScroll(page, '/home with the sidebar open');

      // Escape closes it and returns focus to the button.
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await expect(addExpense).not.toBeInViewport();

      // Tapping beside the drawer closes it too.
      await toggle.click();
      await expect(addExpense).toBeInViewport({ ratio: 1 });
      await page.mouse.click(phone.width - 5, phone.height / 2);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');

      // Following a link closes it and puts focus on the new page.
      await toggle.click();
      await addExpense.click();
      await expect(page).toHaveURL(/\/expenses\/create$/);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('heading', { name: 'Expenses', level: 1 })).toBeVisible();
      await expect(page.getByRole('main')).toBeFocused();
      await expect(addExpense).not.toBeInViewport();
    });
  });
}

test.describe('no sideways scroll at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('on every built route and a coming-soon one', async ({ page }) => {
    // Every route and an axe run on each: a ceiling for a loaded two-core machine, not a figure.
    test.setTimeout(180_000);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, '/ signed out');

    await openAs(page, PEOPLE.alice, '/');
    for (const route of ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
      await expectNoSidewaysScroll(page, route);
    }
  });
});
