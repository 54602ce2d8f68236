import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { addDays, openAs, PEOPLE, PROJECTS, toast, firmToday } from './support/portal';

const MAKE = 'Polestar';
const VIN = '7P1ABC2D3EF456789';

function vehicleForm(page: Page): Locator {
  return page.getByRole('form', { name: /vehicle/ });
}

/** Picks an option of one of the form's selects (its button is named by the value, then the label). */
async function pick(page: Page, label: string, option: string): Promise<void> {
  await vehicleForm(page)
    .getByRole('button', { name: new RegExp(` ${label}$`) })
    .click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

async function pickPerson(page: Page, label: string, typed: string, option: string): Promise<void> {
  await vehicleForm(page).getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

function vehicleRow(page: Page, text: string): Locator {
  return page.getByRole('grid', { name: 'Vehicles' }).getByRole('row').filter({ hasText: text });
}

test.describe('vehicle admin', () => {
  test('an admin adds a make, issues a vehicle with it, edits it, sees it flagged, and deletes it', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/admin/vehicles/edit');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Vehicles', exact: true })).toHaveAttribute(
      'href',
      '/admin/vehicles/review',
    );
    await expect(page.getByRole('heading', { name: 'Add New Vehicle', level: 1 })).toBeVisible();
    const form = vehicleForm(page);

    // Project and Issued To are marked required, like the other required pickers.
    for (const label of ['Project', 'Issued To'])
      await expect(form.getByRole('combobox', { name: label })).toHaveJSProperty('required', true);

    // Nothing filled in: each required field says so beside it, and nothing is saved.
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    for (const message of [
      'Year is required.',
      'Make is required.',
      'Project is required.',
      'Issued To is required.',
      'Insurance Company is required.',
      'Gas Card is required.',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }

    // Cancel on the new form empties it: typed text and the refusals beside the fields go.
    await form.getByRole('textbox', { name: 'Plate Number' }).fill('CANCEL ME');
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(form.getByRole('textbox', { name: 'Plate Number' })).toHaveValue('');
    await expect(form.getByText('Year is required.', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Add New Vehicle', level: 1 })).toBeVisible();

    // The make is not in the list yet: the admin adds it from the form, and it is picked.
    await form.getByRole('button', { name: 'Add make…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add make' });
    await dialog.getByRole('textbox', { name: 'New make' }).fill(MAKE);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, `Make '${MAKE}' has been added.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(form.getByRole('button', { name: `${MAKE} Make`, exact: true })).toBeVisible();

    await pick(page, 'Year', '2025');
    await pickPerson(page, 'Project', 'Transit', PROJECTS[14]);
    await pickPerson(page, 'Issued To', 'Carlos', PEOPLE.carlos);
    await pick(page, 'Insurance Company', 'Aviva');
    await pick(page, 'Gas Card', 'Shell Fleet');
    await form.getByRole('textbox', { name: 'Plate Number' }).fill('EV 2025');
    await form.getByRole('textbox', { name: 'Drive License' }).fill('DL-2025-7788');
    await form.getByLabel('Registry Expire Date').fill(addDays(firmToday(), 10));

    // A VIN with an O: the rule it breaks is named beside the field.
    await form.getByRole('textbox', { name: 'VIN' }).fill('7P1ABC2D3EF45678O');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('VIN may not contain the letters I, O or Q.')).toBeVisible();
    await form.getByRole('textbox', { name: 'VIN' }).fill(VIN);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Vehicle has been saved.')).toBeVisible();

    // The table lists it, flagged: its registration expires within 30 days.
    await expect(page).toHaveURL(/\/admin\/vehicles\/review$/);
    const row = vehicleRow(page, VIN);
    await expect(row).toContainText('2025');
    await expect(row).toContainText(MAKE);
    await expect(row).toContainText(PROJECTS[14]);
    await expect(row).toContainText(PEOPLE.carlos);
    await expect(row).toContainText('Registration expires soon');

    // Editing: the form opens with its values; the year changes.
    await row.getByRole('button', { name: /^Edit vehicle/ }).click();
    await expect(page.getByRole('heading', { name: 'Editing', level: 1 })).toBeVisible();
    await expect(vehicleForm(page).getByRole('textbox', { name: 'VIN' })).toHaveValue(VIN);
    // The licence number is sensitive: masked until Reveal (which the server records).
    await expect(vehicleForm(page).getByText('Stored: •••• 7788.', { exact: false })).toBeVisible();
    await expect(vehicleForm(page).getByText('DL-2025-7788')).toHaveCount(0);
    await vehicleForm(page).getByRole('button', { name: 'Reveal Drive License' }).click();
    await expect(vehicleForm(page).getByText('Drive License: DL-2025-7788')).toBeVisible();
    // Adding a make from the edit form adds it and picks it, but saves nothing and stays here.
    const editUrl = page.url();
    const vehicleWrites: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/admin/vehicles'))
        vehicleWrites.push(`${request.method()} ${request.url()}`);
    });
    await vehicleForm(page).getByRole('button', { name: 'Add make…' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Add make' });
    await editDialog.getByRole('textbox', { name: 'New make' }).fill('Lucid');
    await editDialog.getByRole('textbox', { name: 'New make' }).press('Enter');
    await expect(toast(page, "Make 'Lucid' has been added.")).toBeVisible();
    await expect(editDialog).toBeHidden();
    await expect(vehicleForm(page).getByRole('button', { name: 'Lucid Make', exact: true })).toBeVisible();
    // (the vehicle's own save would have been sent with the dialog's: none was)
    expect(vehicleWrites).toEqual([]);
    expect(page.url()).toBe(editUrl);
    await expect(page.getByRole('heading', { name: 'Editing', level: 1 })).toBeVisible();
    await expect(toast(page, 'Vehicle has been updated.')).toHaveCount(0);
    await pick(page, 'Make', MAKE);
    await pick(page, 'Year', '2024');
    await vehicleForm(page).getByRole('button', { name: 'Update', exact: true }).click();
    await expect(toast(page, 'Vehicle has been updated.')).toBeVisible();
    await expect(vehicleRow(page, VIN)).toContainText('2024');

    // The admin dashboard lists the registration due, with a link to edit the vehicle.
    await page.goto('/home');
    const panel = page.getByRole('region', { name: 'Vehicle registrations due' });
    const link = panel.getByRole('link', { name: `2024 ${MAKE} EV 2025 (${PEOPLE.carlos})` });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole('heading', { name: 'Editing', level: 1 })).toBeVisible();
    await page.goto('/admin/vehicles/review');

    // Delete asks first: No keeps it, Yes deletes it.
    const question = `Are you Sure you want to delete the vehicle 2024 ${MAKE} (${VIN})?`;
    await vehicleRow(page, VIN)
      .getByRole('button', { name: /^Delete vehicle/ })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete vehicle' });
    await expect(confirm).toContainText(question);
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(vehicleRow(page, VIN)).toHaveCount(1);
    await vehicleRow(page, VIN)
      .getByRole('button', { name: /^Delete vehicle/ })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete vehicle' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(toast(page, 'Vehicle has been deleted.')).toBeVisible();
    await expect(vehicleRow(page, VIN)).toHaveCount(0);
  });
});

test.describe('vehicle admin on a phone, and for employees', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each vehicle is a card with its fields, its flag and its actions', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/admin/vehicles/review');
    // The demo fleet's Ford on project 33 has its registration due within 30 days of the run's now.
    const card = page
      .getByRole('list', { name: 'Vehicles' })
      .getByRole('listitem')
      .filter({ hasText: PROJECTS[33] });
    await expect(card).toContainText('Ford');
    await expect(card).toContainText('Registration expires soon');
    await card.getByRole('button', { name: /^Edit vehicle/ }).click();
    await expect(page.getByRole('heading', { name: 'Editing', level: 1 })).toBeVisible();
    await expect(vehicleForm(page).getByRole('combobox', { name: 'Project' })).toHaveValue(PROJECTS[33]);
  });

  test('an employee who opens a vehicle screen is sent to the landing page', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/admin/vehicles/review');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('grid', { name: 'Vehicles' })).toHaveCount(0);
  });
});
