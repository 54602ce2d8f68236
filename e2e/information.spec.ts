import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';
import { watchCspViolations } from './support/csp';
import { openAs, PEOPLE, signInInstead } from './support/portal';

/**
 * The information pages (onboarding, values, equipment, software) and the documentation pages,
 * each opened from the shell as a person would (sidebar, landing navigation), on a desktop and on
 * a phone: each shows its key facts, fits the width and passes axe.
 */

const CARLOS_EMAIL = 'carlos.contractor@smartwork.example';

interface InfoPageCase {
  /** The sidebar's way to it: group toggles, then the link. */
  readonly menu: readonly string[];
  readonly path: string;
  readonly heading: string | RegExp;
  readonly facts: (main: Locator) => Promise<void>;
}

async function onboardingFacts(main: Locator): Promise<void> {
  await expect(main).toContainText(PEOPLE.carlos);
  await expect(main).toContainText(CARLOS_EMAIL);
  await expect(main).toContainText('by the 25th of the month; it is paid on the 1st of the following month');
  await expect(main).toContainText('within 60 days');
  await expect(main).toContainText('install Office on 5 devices');
  await expect(main).toContainText('worth more than 100 USD or 50 CAD');
}

const INFO_PAGES: readonly InfoPageCase[] = [
  {
    menu: ['Human Resources', 'Onboarding', 'Welcome'],
    path: '/onboarding',
    heading: 'Welcome to Smartwork Consulting',
    facts: async (main) => {
      await onboardingFacts(main);
      const account = main.getByRole('region', { name: 'Your account' });
      await expect(account.getByRole('definition')).toHaveText([PEOPLE.carlos, CARLOS_EMAIL]);
    },
  },
  {
    menu: ['Human Resources', 'Onboarding', 'Welcome Email'],
    path: '/onboardingEmail',
    heading: 'Welcome Email',
    facts: async (main) => {
      await onboardingFacts(main);
      await expect(main).toContainText(`Dear ${PEOPLE.carlos},`);
    },
  },
  {
    menu: ['Human Resources', 'Onboarding', 'Security Policy'],
    path: '/securityPolicy',
    heading: 'Security Policy',
    facts: async (main) => {
      const guide = main.getByRole('region', { name: /^Install / });
      await expect(guide.getByRole('heading', { level: 2 })).toHaveText('Install ESET Endpoint Security');
      await expect(guide.getByRole('list').getByRole('listitem')).toHaveCount(7);
      await expect(guide.getByRole('listitem').first()).toContainText('installation link');
    },
  },
  {
    menu: ['Human Resources', 'Onboarding', 'Company Values'],
    path: '/companyValues',
    heading: 'Company Values',
    facts: async (main) => {
      await expect(main.getByRole('heading', { level: 2 })).toHaveText([
        'Integrity',
        'Leadership',
        'Collaboration',
        'Enthusiasm',
      ]);
    },
  },
  {
    menu: ['Human Resources', 'Onboarding', 'Computer Specs'],
    path: '/computerSpecs',
    heading: 'Computer Specs',
    facts: async (main) => {
      await expect(main.getByRole('region', { name: 'Estimated cost' })).toContainText('From $1500 to $3500');
      const laptops = main.getByRole('list', { name: 'Laptop options' }).getByRole('listitem');
      await expect(laptops).toHaveCount(4);
      for (const laptop of await laptops.all()) {
        await expect(laptop.getByRole('term')).toHaveText([
          'Operating system',
          'Processor',
          'Memory',
          'Storage',
          'Display',
        ]);
        await expect(laptop.getByRole('heading', { level: 2 })).not.toBeEmpty();
      }
    },
  },
  {
    menu: ['Human Resources', 'Onboarding', 'Monitor Specs'],
    path: '/monitorSpecs',
    heading: 'Monitor Specs',
    facts: async (main) => {
      const monitors = main.getByRole('list', { name: 'Standard monitors' }).getByRole('listitem');
      await expect(monitors).toHaveCount(2);
      await expect(monitors.nth(0)).toContainText('27-inch');
      await expect(monitors.nth(0)).toContainText('US $189.99');
      await expect(monitors.nth(1)).toContainText('27-inch');
      await expect(monitors.nth(1)).toContainText('US $175');
    },
  },
  {
    menu: ['Human Resources', 'Onboarding', 'Software'],
    path: '/software',
    heading: 'Software',
    facts: async (main) => {
      const links = main.getByRole('list', { name: 'Company software' }).getByRole('link');
      await expect(links).toHaveCount(12);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
        await expect(link).toHaveAttribute('href', /^https:\/\//);
        await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
      }
      await expect(links.filter({ hasText: 'Zoom' })).toHaveAttribute('href', 'https://zoom.us');
    },
  },
];

const GUIDES = [
  {
    menu: ['Documentation', 'Overview'],
    path: '/documentation',
    heading: 'Documentation Overview',
    screenshots: 0,
  },
  {
    menu: ['Documentation', 'How To', 'Add Timesheet'],
    path: '/documentation/add-timesheet',
    heading: 'How To: Add Timesheet',
    screenshots: 1,
  },
  {
    menu: ['Documentation', 'How To', 'Edit Timesheet'],
    path: '/documentation/edit-timesheet',
    heading: 'How To: Edit Timesheet',
    screenshots: 1,
  },
  {
    menu: ['Documentation', 'How To', 'Add Expense'],
    path: '/documentation/add-expense',
    heading: 'How To: Add Expense',
    screenshots: 1,
  },
] as const;

const PHONE = { width: 375, height: 740 } as const;

/** Opens a page from the sidebar (behind the menu button on a phone): group toggles, then the link. */
async function openFromSidebar(page: Page, menu: readonly string[], path: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Navigation menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const group of menu.slice(0, -1)) {
    const toggle = nav.getByRole('button', { name: group, exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  }
  const link = nav.getByRole('link', { name: menu.at(-1), exact: true }).and(nav.locator(`[href="${path}"]`));
  await expect(link).not.toContainText('soon');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

/** The figures of a help page: each screenshot of the portal has its text and has loaded. */
async function expectScreenshots(main: Locator, count: number): Promise<void> {
  const images = main.getByRole('figure').getByRole('img');
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('src', /^\/help\/[\w-]+\.png$/);
    await expect(image).toHaveAccessibleName(/^.{40,}$/);
    await expect
      .poll(() => image.evaluate((img: { naturalWidth: number }) => img.naturalWidth))
      .toBeGreaterThan(300);
  }
}

/** Checks the shown page: its h1, no Coming Soon, fits the width, passes axe. */
async function expectPage(page: Page, heading: string | RegExp, label: string): Promise<Locator> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(main).not.toContainText(/coming soon/i);
  await expectNoSidewaysScroll(page, label);
  await expectNoAxeViolations(page, label);
  return main;
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  const phone = device === 'phone';
  test.describe(`information and documentation pages (${device})`, () => {
    test.use({ viewport });

    test('every information page opens from the sidebar and shows its facts', async ({ page }) => {
      await openAs(page, PEOPLE.carlos, '/home');
      for (const info of INFO_PAGES) {
        await openFromSidebar(page, info.menu, info.path, phone);
        const main = await expectPage(page, info.heading, `${info.path} (${device})`);
        await info.facts(main);
      }
    });

    test('every documentation page opens from the sidebar; the review guide is for admins', async ({
      page,
    }) => {
      await openAs(page, PEOPLE.carlos, '/home');
      for (const guide of GUIDES) {
        await openFromSidebar(page, guide.menu, guide.path, phone);
        const main = await expectPage(page, guide.heading, `${guide.path} (${device})`);
        await expectScreenshots(main, guide.screenshots);
      }
      if (phone) await page.getByRole('button', { name: 'Navigation menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav.getByRole('link', { name: 'Timesheet Review' })).toHaveCount(0);
      await expect(nav.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
      // The four skill surveys leave the portal in a new tab.
      const surveysToggle = nav.getByRole('button', { name: 'Skill Surveys', exact: true });
      if ((await surveysToggle.getAttribute('aria-expanded')) === 'false') await surveysToggle.click();
      const surveys = nav.getByRole('link', { name: /Survey/ });
      await expect(surveys).toHaveCount(4);
      for (const survey of await surveys.all()) {
        await expect(survey).toHaveAttribute('target', '_blank');
        await expect(survey).toHaveAttribute('href', /^https:\/\//);
      }
      if (phone) await page.keyboard.press('Escape');

      await signInInstead(page, PEOPLE.alice);
      await page.goto('/home');
      await openFromSidebar(
        page,
        ['Documentation', 'How To', 'Timesheet Review'],
        '/documentation/timesheet-review',
        phone,
      );
      const review = await expectPage(
        page,
        'How To: Timesheet Review',
        `/documentation/timesheet-review (${device})`,
      );
      await expectScreenshots(review, 1);
    });

    test('the landing navigation leads to Company Values and MY-ERP; the avatar menu', async ({ page }) => {
      await openAs(page, PEOPLE.carlos, '/');
      const openLandingLink = async (name: string) => {
        if (phone) await page.getByRole('button', { name: 'Navigation menu' }).click();
        const nav = page.getByRole('navigation', { name: 'Company' });
        await nav.getByRole('link', { name, exact: true }).click();
      };
      const company = page.getByRole('navigation', { name: 'Company' });
      if (phone) await page.getByRole('button', { name: 'Navigation menu' }).click();
      for (const [name, path] of [
        ['Management', '/management'],
        ['Time on Tools', '/time-on-tools'],
        ['Blogs', '/blog'],
        ['Social', '/social'],
      ] as const) {
        const link = company.getByRole('link', { name, exact: true });
        await expect(link).toHaveAttribute('href', `https://www.smartwork.example${path}`);
        await expect(link).toHaveAttribute('target', '_blank');
      }
      if (phone) await page.keyboard.press('Escape');

      await openLandingLink('Company Values');
      await expectPage(page, 'Company Values', `/companyValues from the landing page (${device})`);

      await page.goto('/');
      await openLandingLink('MY-ERP');
      await expect(page).toHaveURL(/\/home$/);

      // The avatar: the first letter of the name; its menu has Need Help? and Logout.
      const avatar = page.getByRole('button', { name: `Account menu for ${PEOPLE.carlos}` });
      await expect(avatar).toHaveText('C');
      await avatar.click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText(['Need Help?', 'Logout']);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    });
  });
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('every information and documentation page fits the width', async ({ page }) => {
    // Every page and an axe run on each: a ceiling for a loaded two-core machine, not a figure.
    test.setTimeout(180_000);
    await openAs(page, PEOPLE.carlos, '/');
    for (const { path, heading } of [...INFO_PAGES, ...GUIDES]) {
      await page.goto(path);
      await expectPage(page, heading, `${path} at 320 px`);
    }
  });
});

test.describe('the receipt-scanning guide on How To: Add Expense', () => {
  test('is a PDF the portal ships, shown in the page under its Content-Security-Policy, and downloadable', async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    await openAs(page, PEOPLE.carlos, '/documentation/add-expense');
    const scanning = page.getByRole('main').getByRole('region', { name: 'Scan a receipt with your phone' });
    await expect(scanning.getByRole('heading', { level: 3 })).toHaveText('The guide to keep on your phone');
    const frame = scanning.locator('iframe');
    await expect(frame).toHaveAttribute('title', 'Scan a receipt with your phone (PDF guide)');
    await expect(frame).toHaveAttribute('src', /^blob:/);

    const download = scanning.getByRole('link', { name: 'Download the receipt-scanning guide (PDF)' });
    await expect(download).toHaveAttribute('download', 'receipt-scanning-guide.pdf');
    const file = await page.request.get((await download.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    const bytes = await file.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(500_000);

    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
