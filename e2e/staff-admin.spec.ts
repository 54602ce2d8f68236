import type { Page } from '@playwright/test';
import { choose, openAs, toast } from './support/portal';
import { expect, pinBrowserClock, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';

/**
 * Staff Review (/admin/staffs/review) on the demo data. Alice (admin) works on Priya Producer
 * (owner 2, in no other browser test): ticks checklist items, sets NeedReceipt, stores and reveals
 * a social number, deactivates her while Priya is signed in elsewhere (her next load fails), then
 * reactivates her and clears NeedReceipt again, so the specs after this one find the demo as seeded.
 */
const PRIYA = 'Priya Producer';

const staffGrid = (page: Page) => page.getByRole('grid', { name: 'Staff' });
const rowOf = (page: Page, name: string) => staffGrid(page).getByRole('row').filter({ hasText: name });
const form = (page: Page) => page.getByRole('form', { name: `Profile of ${PRIYA}` });

/** Clicks a checkbox's label, as a person does, and checks it now shows `ticked`. */
async function setBox(page: Page, name: string, ticked: boolean): Promise<void> {
  const box = form(page).getByRole('checkbox', { name, exact: true });
  await form(page)
    .locator('label')
    .filter({ has: page.getByRole('checkbox', { name, exact: true }) })
    .click();
  if (ticked) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

test('an admin edits a person’s checklist, flags and sensitive field, then deactivates them', async ({
  page,
  browser,
}) => {
  // Priya signs in in a browser of her own first.
  const hers = await browser.newContext();
  await pinBrowserClock(hers);
  const priyaPage = await hers.newPage();
  await openAs(priyaPage, PRIYA, '/');

  await openAs(page, 'Alice Admin', '/');
  // The dashboard's Administration panel lists Staff Review as built (no 'coming soon' beside it).
  await page.goto('/home');
  const staffLink = page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Staff Review', exact: true }) });
  await expect(staffLink).toHaveCount(1);
  await expect(staffLink).not.toContainText('coming soon');
  await page.goto('/admin/staffs/review');
  await expect(page.getByRole('heading', { name: 'Staff Review', level: 1 })).toBeVisible();

  // Nothing selected yet: Update asks for a person first.
  await page.getByRole('region', { name: 'Staff profile' }).getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Please select at least 1 user to continue.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Staff profile' })).toContainText(
    'Please select at least 1 user to continue.',
  );

  // Owner and active filters, and search.
  await choose(page.locator('.staff-admin__filters'), page, 'Owner', 'Sightstream');
  await expect(rowOf(page, 'Alice Admin')).toHaveCount(0);
  await choose(page.locator('.staff-admin__filters'), page, 'Active', 'Inactive');
  await expect(page.getByText('No staff match these filters.')).toBeVisible();
  await choose(page.locator('.staff-admin__filters'), page, 'Active', 'All');
  await page.getByRole('searchbox', { name: 'Search staff' }).fill('priya');
  await expect(staffGrid(page).getByRole('row')).toHaveCount(2); // header + Priya
  await expect(rowOf(page, PRIYA)).toContainText('0 of 16');

  await page.getByRole('button', { name: `Edit ${PRIYA}` }).click();
  await expect(form(page)).toBeVisible();
  await expect(form(page).getByRole('textbox', { name: 'Email (sign-in address)' })).toHaveAttribute(
    'readonly',
    '',
  );

  // Ticking items moves the progress at once.
  const progress = form(page).getByRole('status');
  await expect(progress).toHaveText('0 of 16');
  await setBox(page, 'Email created', true);
  await setBox(page, 'ESET installed', true);
  await expect(progress).toHaveText('2 of 16');
  await setBox(page, 'NeedReceipt (hotel receipts required)', true);
  await form(page).getByRole('textbox', { name: 'Job Title' }).fill('Producer');
  await form(page).getByRole('textbox', { name: 'Social Number' }).fill('123-45-6789');
  await form(page).getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Staff profile updated')).toBeVisible();
  await expect(rowOf(page, PRIYA)).toContainText('2 of 16');

  // The social number is shown masked until Reveal is pressed.
  await expect(form(page).getByText('Stored: •••• 6789.', { exact: false })).toBeVisible();
  await expect(form(page).getByText('123-45-6789')).toHaveCount(0);
  await form(page).getByRole('button', { name: 'Reveal Social Number' }).click();
  await expect(form(page).getByText('Social Number: 123-45-6789')).toBeVisible();

  // A new value saved over it: the value revealed before is hidden again, the new one masked.
  await form(page).getByRole('textbox', { name: 'Social Number' }).fill('987-65-4321');
  await form(page).getByRole('button', { name: 'Update' }).click();
  await expect(form(page).getByText('Stored: •••• 4321.', { exact: false })).toBeVisible();
  await expect(form(page).getByText('123-45-6789')).toHaveCount(0);
  await expect(form(page).getByText('987-65-4321')).toHaveCount(0);
  await expect(form(page).getByRole('button', { name: 'Reveal Social Number' })).toBeVisible();

  // Clear removes the stored value on Save.
  await form(page).getByRole('button', { name: 'Clear Social Number' }).click();
  await expect(form(page).getByText('Will be cleared when you save.')).toBeVisible();
  await form(page).getByRole('button', { name: 'Update' }).click();
  await expect(form(page).getByText('Stored: •••• 4321.', { exact: false })).toHaveCount(0);
  await expect(form(page).getByRole('button', { name: 'Reveal Social Number' })).toHaveCount(0);
  // (the saves' toasts go before the next one is looked for)
  await expect(toast(page, 'Staff profile updated')).toHaveCount(0);

  // Delete asks first, then deactivates.
  await form(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Staff' });
  await expect(confirm).toContainText(`Are you Sure you want to delete the Staff ${PRIYA}?`);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'The Staff has been deactivated.')).toBeVisible();
  await expect(rowOf(page, PRIYA)).toContainText('No');

  // Her open session fails on her next load: she is signed out.
  await priyaPage.reload();
  await expect(priyaPage.getByRole('button', { name: 'Log In' })).toBeVisible();
  await hers.close();

  // Reactivate her and clear NeedReceipt, leaving the demo as it was for later specs.
  await expect(form(page).getByText('Inactive', { exact: true })).toBeVisible();
  await setBox(page, 'Is Active', true);
  await setBox(page, 'NeedReceipt (hotel receipts required)', false);
  await form(page).getByRole('button', { name: 'Update' }).click();
  // A reactivation's answer waits until every read model shows it (read-your-writes, at most
  // PROJECTION_WAIT_MS, 30 s in the browser runs), after the sign-out's work; on a loaded machine
  // that took longer than the default 10 s once.
  await expect(toast(page, 'Staff profile updated')).toBeVisible({ timeout: 30_000 });
  await expect(form(page).getByText('Inactive', { exact: true })).toHaveCount(0);
});

test('an admin adds a person who is not in the directory; each problem shows beside its field', async ({
  page,
}) => {
  await openAs(page, 'Alice Admin', '/admin/staffs/review');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await expect(dialog.getByRole('textbox', { name: 'Work e-mail' })).toBeFocused();

  // Sent empty: every required field says what it needs, and no one is added.
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Work e-mail' })).toHaveAccessibleDescription(
    /Work e-mail must have a value/,
  );
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription(
    'First Name must have a value',
  );
  await expect(dialog).toContainText('Owner must have a value');

  // An address someone holds is refused by the server, beside the address.
  await dialog.getByRole('textbox', { name: 'Work e-mail' }).fill('carlos.contractor@smartwork.example');
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Nora');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Newhire');
  await choose(dialog, page, 'Owner', 'Smartwork Consulting');
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Work e-mail' })).toHaveAccessibleDescription(
    /belongs to someone else/,
  );
  // The refusal's toast sits over the dialog's foot (taller since Start Date): dismissed, as a person would.
  const refused = toast(
    page,
    'The sign-in address carlos.contractor@smartwork.example belongs to someone else.',
  );
  await refused.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(refused).toBeHidden();

  await dialog.getByRole('textbox', { name: 'Work e-mail' }).fill('nora.newhire@smartwork.example');
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(toast(page, 'Nora Newhire was added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, 'nora.newhire@smartwork.example')).toContainText('Nora Newhire');
  // Her profile opens, to go on with her details.
  await expect(page.getByRole('form', { name: 'Profile of Nora Newhire' })).toBeVisible();
});

test('a sightstream admin sees only owner-2 people, without the owner filter', async ({ page }) => {
  await openAs(page, 'Sofia Supervisor', '/admin/staffs/review');
  await expect(rowOf(page, 'Sam Sightstream')).toBeVisible();
  await expect(rowOf(page, 'Alice Admin')).toHaveCount(0);
  await expect(rowOf(page, 'Carlos Contractor')).toHaveCount(0);
  const filters = page.locator('.staff-admin__filters');
  await expect(filters.locator('.field__label')).toHaveText(['Active']);
});

test.describe('on a phone (320 x 640)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('each person is a card with every field, the profile form fits without sideways scroll', async ({
    page,
  }) => {
    await openAs(page, 'Alice Admin', '/admin/staffs/review');
    await page.getByRole('searchbox', { name: 'Search staff' }).fill('dana');
    const card = page.getByRole('listitem').filter({ hasText: 'dana.developer@smartwork.example' });
    await expect(card).toContainText('dana.developer@smartwork.example');
    await expect(card).toContainText('0 of 16');
    await card.getByRole('button', { name: 'Edit Dana Developer' }).click();
    await expect(page.getByRole('form', { name: 'Profile of Dana Developer' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
