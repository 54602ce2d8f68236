import { catalogAdminMessages, dataImportMessages } from '@portal/contracts';
import { expectNoSidewaysScroll } from './support/layout';
import { openAs, PEOPLE } from './support/portal';
import { expect, expectNoAxeViolations, test } from './support/test';

/* /admin/import (issue 25): names and ids unique to this file, the run's data is shared. */

// An id far above the demo's and the Add New Client form's next ids (highest + 1).
const CLIENT_ID = 2_000_000_000;
const CLIENT = 'Imported Client E2E';
const HEADINGS = 'Client ID,Client Name,City,Contacts';
const csv = (name: string, lines: readonly string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADINGS, ...lines].join('\r\n')),
});

test.describe('importing data from a file', () => {
  test('an admin downloads a template, sees a file’s problems by row and column, then applies a good file with its progress', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/admin/import');
    await expect(page.getByRole('heading', { name: 'Import data', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'import, nothing chosen');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template' }).click();
    expect((await download).suggestedFilename()).toBe('clients-import-template.xlsx');

    // The kind is chosen with the keyboard alone; the hint then lists that kind's columns.
    const kind = page.getByRole('button', { name: /What the file holds/ });
    await kind.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(kind).toContainText('Projects');
    await expect(page.getByText(/Columns: Project ID, Client ID, Owner ID/)).toBeVisible();
    await kind.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(kind).toContainText('Clients (with contacts)');

    const file = page.getByLabel('File (xlsx or CSV)');
    await file.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
    });
    await expect(page.getByRole('alert').filter({ hasText: dataImportMessages.wrongType })).toBeVisible();
    await expect(file).toHaveAttribute('aria-invalid', 'true');

    await file.setInputFiles(
      csv('clients.csv', [
        `${CLIENT_ID},${CLIENT},Calgary,Pat <not-an-address>`,
        `${CLIENT_ID},${CLIENT} again,,`,
      ]),
    );
    const problems = page.getByRole('grid', { name: 'Problems found in the file' });
    await expect(
      problems.getByRole('row').filter({ hasText: catalogAdminMessages.invalidEmail('Contact Email') }),
    ).toContainText('Contacts');
    await expect(problems.getByRole('row').filter({ hasText: 'also on row 2' })).toContainText('Client ID');
    await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'import, problems listed');

    await file.setInputFiles(
      csv('clients.csv', [`${CLIENT_ID},${CLIENT},Calgary,Pat Lee <pat@imported.example>`]),
    );
    await expect(page.getByText(/1 row read: applying it would (create 1|leave 1)/)).toBeVisible();
    await page.getByRole('button', { name: 'Apply import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Applied clients\.csv/ })).toBeVisible({
      timeout: 30_000,
    });
    await expectNoAxeViolations(page, 'import, applied');

    // The client is there, as the Edit Client screen lists it.
    await page.goto('/admin/clients/edit');
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('Imported Client');
    await page.getByRole('button', { name: CLIENT, exact: true }).click();
    const editForm = page.getByRole('form', { name: `Editing ${CLIENT}` });
    await expect(editForm.getByRole('textbox', { name: 'City' })).toHaveValue('Calgary');
    await expect(editForm.getByRole('textbox', { name: 'Contact 1 Name' })).toHaveValue('Pat Lee');
  });

  test('on a phone the form and the problems fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAs(page, PEOPLE.alice, '/admin/import');
    await page
      .getByLabel('File (xlsx or CSV)')
      .setInputFiles(csv('clients.csv', [`${CLIENT_ID + 1},,Calgary,`]));
    await expect(page.getByText(/1 problem: correct the file/)).toBeVisible();
    await expectNoSidewaysScroll(page, 'the import page with its problems');
    await expectNoAxeViolations(page, 'import on a phone');
  });
});
