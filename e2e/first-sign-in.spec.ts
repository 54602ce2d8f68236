import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { firstSignInByApi, signInAsNewcomer, untilAwaiting } from './support/first-sign-in';
import { addDays, choose, openAs, sessionToken, toast, firmToday } from './support/portal';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, pinBrowserClock, test } from './support/test';

/**
 * Someone of an allowed domain whom no one has added yet (issue 25): they sign in with the dev
 * picker's "Someone not yet added" (as single sign-on would), see that their access is being set
 * up, and sign out; Alice finds them in Staff Review under "Awaiting access" and adds them from
 * there. Each test names a person of its own, so nothing here touches the demo's people.
 */
const newcomer = (first: string, last: string) => {
  const tag = randomUUID().slice(0, 8);
  return { name: `${first} ${last}`, username: `${first}.${last}.${tag}@smartwork.example`.toLowerCase() };
};

/** An instant as the portal shows it ('Nov 23, 2026, 10:00', date-fns 'MMM d, yyyy, HH:mm'), in the browser's zone. */
function shownInstant(page: Page, iso: string): Promise<string> {
  return page.evaluate((at) => {
    const part = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', options).format(new Date(at));
    const time = part({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    return `${part({ month: 'short', day: 'numeric', year: 'numeric' })}, ${time}`;
  }, iso);
}

test('someone not yet added sees their access being set up, is kept off every other page, and signs out', async ({
  page,
}) => {
  const nora = newcomer('Nora', 'Newcomer');
  await signInAsNewcomer(page, nora);

  const pending = page.getByRole('main');
  await expect(pending.getByRole('heading', { name: 'Your access is being set up', level: 1 })).toBeVisible();
  await expect(pending).toContainText(`Welcome, ${nora.name}. You signed in as ${nora.username}`);
  await expect(pending.getByRole('link', { name: 'support@smartwork.example' })).toHaveAttribute(
    'href',
    'mailto:support@smartwork.example',
  );
  // Not an error page, and no way into the portal's screens.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.goto('/timesheets/create');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Your access is being set up' })).toBeVisible();

  // Check again asks once more; still waiting, the page stays.
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('heading', { name: 'Your access is being set up' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your access is being set up' })).toHaveCount(0);
});

test('an admin adds someone awaiting access from Staff Review; they leave the list and get in', async ({
  page,
  request,
  browser,
}) => {
  const otto = newcomer('Otto', 'Onboarding');
  const { firstSignInAt } = await firstSignInByApi(request, otto);

  await openAs(page, 'Alice Admin', '/admin/staffs/review');
  await untilAwaiting(request, await sessionToken(page), otto.username);
  await page.reload();
  const awaiting = page.getByRole('grid', { name: 'Awaiting access' });
  const row = awaiting.getByRole('row').filter({ hasText: otto.username });
  await expect(row).toContainText(otto.name);
  await expect(row).toContainText(await shownInstant(page, firstSignInAt));

  await row.getByRole('button', { name: `Add ${otto.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await expect(dialog.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue(otto.username);
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('Otto');
  await expect(dialog.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Onboarding');
  await choose(dialog, page, 'Owner', 'Smartwork Consulting');
  const startDate = addDays(firmToday(), 7);
  await dialog.getByRole('textbox', { name: 'Start Date' }).fill(startDate);
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(toast(page, `${otto.name} was added.`)).toBeVisible();

  // Off the list; their profile opens with the start date given.
  await expect(awaiting.getByRole('row').filter({ hasText: otto.username })).toHaveCount(0);
  const profile = page.getByRole('form', { name: `Profile of ${otto.name}` });
  const shownStart = await page.evaluate(
    (day) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00Z`),
      ),
    startDate,
  );
  await expect(profile.getByRole('textbox', { name: 'Start Date' })).toHaveValue(shownStart);

  // Otto's next sign-in opens the portal.
  const his = await browser.newContext();
  await pinBrowserClock(his);
  const ottosPage = await his.newPage();
  await signInAsNewcomer(ottosPage, otto);
  await expect(ottosPage.getByRole('button', { name: `Account menu for ${otto.name}` })).toBeVisible();
  await expect(ottosPage.getByRole('heading', { name: 'Your access is being set up' })).toHaveCount(0);
  await his.close();
});

test('an empty "Awaiting access" says so', async ({ page }) => {
  // Sofia (a sightstream admin) sees nobody: the people have no owner until someone adds them.
  await openAs(page, 'Sofia Supervisor', '/admin/staffs/review');
  await expect(page.getByText('No one is awaiting access.', { exact: false })).toBeVisible();
});

test.describe('on a phone (320 x 640)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the pending page fits without sideways scroll', async ({ page }) => {
    await signInAsNewcomer(page, newcomer('Pia', 'Phone'));
    await expect(page.getByRole('heading', { name: 'Your access is being set up' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });
});
