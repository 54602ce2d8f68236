import { firstSignInByApi, signInAsNewcomer, untilAwaiting } from './support/first-sign-in';
import { choose, sessionToken } from './support/portal';
import { startSecondPortal, type SecondPortal } from './support/second-portal';
import { expect, specPortalPort, testOnSpecPortal as test } from './support/test';

/**
 * Day one with PORTAL_BOOTSTRAP_ADMINS (issue 25): an empty portal (the embedded default without
 * demo data, a second portal of this spec's own) whose configuration names Ana as a first admin.
 * Her first sign-in makes her the admin of a newly registered owner 1; the next person named there
 * finds an admin already and awaits access like anyone.
 */
const ANA = { name: 'Ana María Ruiz', username: 'ana.ruiz@smartwork.example' };
const BEN = { name: 'Ben Backup', username: 'ben.backup@smartwork.example' };

let portal: SecondPortal;

test.beforeAll(async ({ portal: workerPortal }) => {
  // The second portal builds its embedded database first (a minute or more on a busy machine).
  test.setTimeout(330_000);
  portal = await startSecondPortal(specPortalPort(workerPortal.port), {
    SEED_DEMO: 'false',
    PORTAL_BOOTSTRAP_ADMINS: `${ANA.username},${BEN.username}`,
    PORTAL_BOOTSTRAP_OWNER_NAME: 'Smartwork Consulting',
  });
});

test.afterAll(async () => {
  await portal?.stop();
});

test('a bootstrap admin’s first sign-in opens the portal as its admin; the next one awaits access', async ({
  page,
}) => {
  // Nobody is registered on the empty portal: the picker lists no one.
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).click();
  const picker = page.getByRole('dialog', { name: 'Sign in as' });
  await expect(picker.getByText('No people are registered yet.', { exact: false })).toBeVisible();
  // She signs in as single sign-on would sign her in.
  await signInAsNewcomer(page, ANA);

  await expect(page.getByRole('button', { name: `Account menu for ${ANA.name}` })).toBeVisible();
  // An admin: the admin-only Staff Review opens (anyone else is sent back to '/').
  await page.goto('/admin/staffs/review');
  await expect(page).toHaveURL(/\/admin\/staffs\/review$/);
  await expect(page.getByRole('heading', { name: 'Staff Review', level: 1 })).toBeVisible();
  // She is owner 1's, registered under the configured name.
  await choose(page.locator('.staff-admin__filters'), page, 'Owner', 'Smartwork Consulting');
  const ana = page.getByRole('grid', { name: 'Staff' }).getByRole('row').filter({ hasText: ANA.username });
  await expect(ana).toContainText(ANA.name);

  // Ben, also named, signs in once Ana is there: he awaits access (firstSignInByApi checks it), and Ana sees him.
  await firstSignInByApi(page.request, BEN);
  await untilAwaiting(page.request, await sessionToken(page), BEN.username);
  await page.reload();
  const awaiting = page.getByRole('grid', { name: 'Awaiting access' });
  await expect(awaiting.getByRole('row').filter({ hasText: BEN.username })).toContainText(BEN.name);
});
