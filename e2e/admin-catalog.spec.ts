import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { choose, monthOf, openAs, PEOPLE, tableDate, toast, firmToday } from './support/portal';

/* Clients and projects admin (issue 9): names unique to this file, the run's data is shared. */

/** The new project started a year before the run's month (so in last year) and runs six months. */
const START_DATE = `${monthOf(firmToday(), -12)}-15`;
const END_DATE = `${monthOf(firmToday(), -6)}-15`;
const CLIENT = 'Prairie Rail E2E';
const QUICK_CLIENT = 'Quick Client E2E';
const PROJECT = 'Rail Survey E2E';
const RENAMED = 'Rail Survey E2E II';
const SPARE = 'Spare Project E2E';
const FIX_FIELDS = 'Please correct the highlighted fields.';

function projectsTable(page: Page): Locator {
  return page.getByRole('grid', { name: 'Projects' });
}

function projectRow(page: Page, name: string): Locator {
  return projectsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

function projectForm(page: Page): Locator {
  return page.locator('form.catalog-form');
}

/** Sees a toast, then dismisses it and waits until it is gone. */
async function seeToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(shown).toBeHidden();
}

/**
 * Opens the whole client list with its ▾ button and chooses one. Right after the form has named its
 * errors the first press may open and close the list at once: the list is opened again then.
 */
async function chooseClient(page: Page, name: string): Promise<void> {
  const form = projectForm(page);
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible()))
      await form.getByRole('button', { name: 'Show every client' }).click();
    await page.getByRole('listbox').getByRole('option', { name, exact: true }).click({ timeout: 2000 });
    await expect(form.getByRole('combobox', { name: 'Client' })).toHaveValue(name, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

async function fillProject(page: Page, name: string): Promise<void> {
  const form = projectForm(page);
  await form.getByRole('textbox', { name: 'Project Name', exact: true }).fill(name);
  await choose(form, page, 'Owner', 'Smartwork Consulting');
  await choose(form, page, 'Invoice Currency', 'CAD');
  await choose(form, page, 'Billing Cycle', 'Standard Month (First to last)');
}

test.describe('clients and projects admin', () => {
  test('an admin adds a client with contacts, edits its contacts, then runs a project for it', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/');

    // Add New Client: details and two contacts; a bad address is named beside its field.
    await page.goto('/admin/clients/create');
    await expect(page.getByRole('heading', { name: 'Add New Client', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Client Name' }).fill(CLIENT);
    await page.getByRole('textbox', { name: 'City' }).fill('Regina');
    await page.getByRole('textbox', { name: 'Phone' }).fill('306-555-0100');
    await page.getByRole('textbox', { name: 'Contact 1 Name' }).fill('Ana Ortiz');
    await page.getByRole('textbox', { name: 'Contact 1 Email' }).fill('ana@prairierail.example');
    await page.getByRole('textbox', { name: 'Contact 2 Name' }).fill('Ben Cho');
    await page.getByRole('textbox', { name: 'Contact 2 Email' }).fill('ben-at-prairierail');
    await page.getByRole('button', { name: 'Save Client' }).click();
    await expect(page.getByText('Contact Email must be a valid email address')).toBeVisible();
    await seeToast(page, FIX_FIELDS);
    await page.getByRole('textbox', { name: 'Contact 2 Email' }).fill('ben@prairierail.example');
    await page.getByRole('button', { name: 'Save Client' }).click();
    await seeToast(page, 'Client has been added successfully');
    await expect(page.getByRole('textbox', { name: 'Client Name' })).toHaveValue('');

    // Select Client to Edit: search, choose, remove a contact and add a CC.
    await page.goto('/admin/clients/edit');
    await expect(page.getByRole('heading', { name: 'Select Client to Edit', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('prairie');
    await page.getByRole('button', { name: CLIENT, exact: true }).click();
    const editForm = page.getByRole('form', { name: `Editing ${CLIENT}` });
    await expect(editForm.getByRole('textbox', { name: 'City' })).toHaveValue('Regina');
    await editForm.getByRole('button', { name: 'Remove contact 1' }).click();
    await expect(editForm.getByRole('textbox', { name: 'Contact 1 Name' })).toHaveValue('Ben Cho');
    await editForm.getByRole('button', { name: 'Add New CC' }).click();
    await editForm.getByRole('textbox', { name: 'Contact 2 Name' }).fill('Cy Dunn');
    await editForm.getByRole('textbox', { name: 'Contact 2 Email' }).fill('cy@prairierail.example');
    await editForm.getByRole('button', { name: 'Update Client' }).click();
    await seeToast(page, 'Client has been updated successfully');
    await page.reload();
    await page.getByRole('button', { name: CLIENT, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Contact 2 Email' })).toHaveValue(
      'cy@prairierail.example',
    );
    await expect(page.getByRole('textbox', { name: 'Contact 3 Name' })).toHaveCount(0);

    // Add New Project; the Add Client modal names an empty client name.
    await page.goto('/admin/projects/create');
    await expect(page.getByRole('heading', { name: 'Add New Project' })).toBeVisible();
    await projectForm(page).getByRole('button', { name: 'Add Client', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Add Client' });
    await modal.getByRole('button', { name: 'Add Client' }).click();
    await expect(modal.getByText('Client Name must have a value')).toBeVisible();
    await modal.getByRole('textbox', { name: 'Client Name' }).fill(QUICK_CLIENT);
    await modal.getByRole('button', { name: 'Add Client' }).click();
    await seeToast(page, 'Client has been added successfully');
    await expect(modal).toBeHidden();
    const client = projectForm(page).getByRole('combobox', { name: 'Client' });
    await expect(client).toHaveValue(QUICK_CLIENT);

    // Required fields and e-mails are named beside each field; nothing is saved.
    await page.getByRole('button', { name: 'Save Project' }).click();
    await expect(page.getByText('Project Name must have a value')).toBeVisible();
    await expect(page.getByText('Invoice Currency must have a value')).toBeVisible();
    await expect(page.getByText('Billing Cycle must have a value')).toBeVisible();
    await seeToast(page, FIX_FIELDS);

    await chooseClient(page, CLIENT);
    await fillProject(page, PROJECT);
    const form = projectForm(page);
    await form.getByRole('textbox', { name: 'Contact Email 1' }).fill('not an address');
    await form.getByRole('textbox', { name: 'Start Date' }).fill(START_DATE);
    await form.getByRole('textbox', { name: 'Length (months)' }).fill('6');
    await form.getByRole('textbox', { name: 'PO Value' }).fill('125000.50');
    await page.getByRole('button', { name: 'Save Project' }).click();
    await expect(page.getByText('Contact Email 1 must be a valid email address')).toBeVisible();
    await seeToast(page, FIX_FIELDS);
    await form.getByRole('textbox', { name: 'Contact Email 1' }).fill('ana@prairierail.example');
    await page.getByRole('button', { name: 'Save Project' }).click();
    await seeToast(page, 'Project has been saved successfully');
    await expect(page.getByRole('heading', { name: 'Add New Project' })).toBeVisible();

    const row = projectRow(page, PROJECT);
    await expect(row).toContainText(CLIENT);
    await expect(row).toContainText(tableDate(START_DATE));
    await expect(row).toContainText(tableDate(END_DATE));
    // A date in another year says its year ('Sun Nov 15, 2025'): the start, a year back, always;
    // the end, six months back, too when today is in January to June.
    const year = START_DATE.slice(0, 4);
    const inStartYear = [START_DATE, END_DATE].filter((date) => date.startsWith(year)).length;
    await expect(row.getByRole('gridcell').filter({ hasText: `, ${year}` })).toHaveCount(inStartYear);
    await expect(row).toContainText('Yes');

    // Editing: rename it.
    await row.getByRole('button', { name: `Edit project ${PROJECT}` }).click();
    await expect(page.getByRole('heading', { name: `Editing ${PROJECT}` })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'PO Value' })).toHaveValue('125000.50');
    await form.getByRole('textbox', { name: 'Project Name', exact: true }).fill(RENAMED);
    await page.getByRole('button', { name: 'Update Project' }).click();
    await seeToast(page, 'Project has been updated successfully');
    await expect(projectRow(page, RENAMED)).toBeVisible();
    await expect(projectRow(page, PROJECT)).toHaveCount(0);

    // Deactivating asks first; No keeps it active, Yes deactivates it.
    await projectRow(page, RENAMED)
      .getByRole('button', { name: `Edit project ${RENAMED}` })
      .click();
    // By keyboard: Space toggles the focused box.
    const active = form.getByRole('checkbox', { name: 'Active', exact: true });
    await active.focus();
    await page.keyboard.press('Space');
    await expect(active).not.toBeChecked();
    await page.getByRole('button', { name: 'Update Project' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate project' });
    await expect(confirm).toContainText(`Are you sure you want to deactivate the project ${RENAMED}?`);
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(projectRow(page, RENAMED)).toContainText('Yes');
    await page.getByRole('button', { name: 'Update Project' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await seeToast(page, 'Project has been updated successfully');
    await expect(projectRow(page, RENAMED).getByRole('gridcell', { name: 'No', exact: true })).toBeVisible();
  });

  test('a project without recorded time or expenses is deleted after the confirmation', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/admin/projects/create');
    await chooseClient(page, 'Harbour City Transit');
    await fillProject(page, SPARE);
    await page.getByRole('button', { name: 'Save Project' }).click();
    await seeToast(page, 'Project has been saved successfully');

    await projectRow(page, SPARE)
      .getByRole('button', { name: `Delete project ${SPARE}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete project' });
    await expect(confirm).toContainText(`Are you Sure you want to delete the project ${SPARE}?`);
    await expect(confirm).toContainText('(or planned hours or people on its roster) is deactivated instead');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await seeToast(page, `Project ${SPARE} has been deleted.`);
    await expect(projectRow(page, SPARE)).toHaveCount(0);
    await page.reload();
    await expect(projectRow(page, PEOPLE_PROJECT)).toBeVisible();
    await expect(projectRow(page, SPARE)).toHaveCount(0);
  });
});

test.describe('unsaved changes on the catalog screens', () => {
  test('choosing another project or client while the form holds changes asks first', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/admin/projects/edit');
    const form = projectForm(page);
    await projectRow(page, PEOPLE_PROJECT)
      .getByRole('button', { name: `Edit project ${PEOPLE_PROJECT}` })
      .click();
    await expect(page.getByRole('heading', { name: `Editing ${PEOPLE_PROJECT}` })).toBeVisible();
    const poNumber = form.getByRole('textbox', { name: 'PO', exact: true });
    await poNumber.fill('PO-UNSAVED-1');

    const other = projectsTable(page)
      .getByRole('button', { name: /^Edit project / })
      .nth(1);
    const otherLabel = (await other.getAttribute('aria-label'))!;
    await other.click();
    const discard = page.getByRole('alertdialog', { name: 'Discard changes' });
    await expect(discard).toContainText(`Your changes to the project ${PEOPLE_PROJECT} are not saved.`);
    await discard.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('heading', { name: `Editing ${PEOPLE_PROJECT}` })).toBeVisible();
    await expect(poNumber).toHaveValue('PO-UNSAVED-1');

    // Leaving the page asks too.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/admin\/projects\/edit$/);

    await projectsTable(page).getByRole('button', { name: otherLabel, exact: true }).click();
    await discard.getByRole('button', { name: 'Yes' }).click();
    const otherName = otherLabel.replace(/^Edit project /, '');
    await expect(page.getByRole('heading', { name: `Editing ${otherName}` })).toBeVisible();
    // Unchanged, the form lets the next row open at once.
    await projectRow(page, PEOPLE_PROJECT)
      .getByRole('button', { name: `Edit project ${PEOPLE_PROJECT}` })
      .click();
    await expect(page.getByRole('heading', { name: `Editing ${PEOPLE_PROJECT}` })).toBeVisible();
    await expect(poNumber).not.toHaveValue('PO-UNSAVED-1');

    // Clients: the same question before another client's details replace unsaved ones.
    await page.goto('/admin/clients/edit');
    const clients = page.getByRole('list', { name: 'Clients' });
    const first = clients.getByRole('button').nth(0);
    const firstName = (await first.textContent())!.trim();
    await first.click();
    const clientForm = page.getByRole('form', { name: `Editing ${firstName}` });
    await clientForm.getByRole('textbox', { name: 'City' }).fill('Unsaved City');
    await clients.getByRole('button').nth(1).click();
    await expect(discard).toContainText(`Your changes to ${firstName} are not saved.`);
    await discard.getByRole('button', { name: 'No' }).click();
    await expect(clientForm.getByRole('textbox', { name: 'City' })).toHaveValue('Unsaved City');
  });
});

/** A demo project every run has, to know the table has loaded. */
const PEOPLE_PROJECT = 'Pipeline Integrity Review';

test.describe('clients and projects admin on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('projects show as cards with every field labelled and their actions; the forms fit the screen', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/admin/projects/create');
    const cards = page.getByRole('list', { name: 'Projects' });
    const card = cards.getByRole('listitem').filter({ hasText: PEOPLE_PROJECT });
    await expect(card).toContainText('Client');
    await expect(card).toContainText('Northwind Energy');
    await expect(card).toContainText('Is Active');
    await expect(card.getByRole('button', { name: `Edit project ${PEOPLE_PROJECT}` })).toBeVisible();
    await expect(card.getByRole('button', { name: `Delete project ${PEOPLE_PROJECT}` })).toBeVisible();
    const name = projectForm(page).getByRole('textbox', { name: 'Project Name', exact: true });
    await expect(name).toBeVisible();
    expect((await name.boundingBox())!.width).toBeLessThanOrEqual(390);

    await page.goto('/admin/clients/edit');
    await page.getByRole('button', { name: 'Northwind Energy', exact: true }).click();
    const city = page.getByRole('textbox', { name: 'City' });
    await expect(city).toHaveValue('Calgary');
    const box = (await city.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
