import { expect, test } from './support/test';
import { PEOPLE, signInAs } from './support/portal';

test.describe('sign-in and the route guard', () => {
  test('Carlos signs in with the dev picker, sees his avatar and name, and logs out', async ({ page }) => {
    await signInAs(page, PEOPLE.carlos);

    // On the landing page the avatar shows his initial; the signed-in tiles replace Log In.
    const avatar = page.getByRole('button', { name: `Account menu for ${PEOPLE.carlos}` });
    await expect(avatar).toHaveText('C');
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Add Timesheet/ })).toBeVisible();

    // Inside the shell the top bar shows his name next to the avatar; the tooltip his username.
    await page.goto('/timesheets/create');
    const topbar = page.getByRole('banner');
    await expect(topbar.getByText(PEOPLE.carlos, { exact: true })).toBeVisible();
    await expect(avatar).toHaveText('C');
    await page.mouse.move(0, 0);
    await avatar.hover();
    await expect(page.getByRole('tooltip')).toHaveText('carlos.contractor@smartwork.example');

    // A contractor's sidebar has the Contractor group but no Admin group.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('button', { name: 'Contractor' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);

    await avatar.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Need Help?' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(avatar).toHaveCount(0);

    // The session is really gone: a protected page sends him back to the landing page.
    await page.goto('/timesheets/create');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  test('signed out, /timesheets/create redirects to the landing page', async ({ page }) => {
    await page.goto('/timesheets/create');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Timesheets' })).toHaveCount(0);
  });

  test('a non-admin opening /admin/outbox lands on the landing page', async ({ page }) => {
    await signInAs(page, PEOPLE.carlos);
    await page.goto('/admin/outbox');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'The Future is Smart' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Mail outbox' })).toHaveCount(0);
    // Still signed in: only the admin page was refused.
    await expect(page.getByRole('button', { name: `Account menu for ${PEOPLE.carlos}` })).toBeVisible();
  });

  test('an admin opens /admin/outbox and sees the Admin group', async ({ page }) => {
    await signInAs(page, PEOPLE.alice);
    await page.goto('/admin/outbox');
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(page.getByRole('heading', { name: 'Mail outbox', level: 1 })).toBeVisible();
    // The list, or its empty state when no mail has been written yet.
    await expect(
      page.getByRole('grid', { name: 'Mail outbox' }).or(page.getByText(/^No mails yet\./)),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${PEOPLE.alice}` })).toHaveText('A');

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const adminGroup = nav.getByRole('button', { name: 'Admin', exact: true });
    await expect(adminGroup).toHaveAttribute('aria-expanded', 'true');
    const outboxLink = nav.getByRole('link', { name: 'Mail outbox' });
    await expect(outboxLink).toHaveAttribute('href', '/admin/outbox');
    await adminGroup.click();
    await expect(adminGroup).toHaveAttribute('aria-expanded', 'false');
    await expect(outboxLink).toBeHidden();
    await adminGroup.click();
    await expect(adminGroup).toHaveAttribute('aria-expanded', 'true');
    await expect(outboxLink).toBeVisible();
  });
});
