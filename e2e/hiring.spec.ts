import type { Locator, Page } from '@playwright/test';
import { candidateMessages as msg, resumeMessages } from '@portal/contracts';
import { expect, expectNoAxeViolations, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';
import { addDays, choose, openAs, PEOPLE, sessionToken, tableDate, toast, firmToday } from './support/portal';
import { receiptPdf } from './support/receipts';

const APPLIED = addDays(firmToday(), -20);
const INTERVIEWED = addDays(firmToday(), -6);

function addForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Add candidate' });
}

function candidateRow(page: Page, text: string): Locator {
  return page.getByRole('grid', { name: 'Candidates' }).getByRole('row').filter({ hasText: text });
}

/** A second candidate, added through the API as another admin's screen would. */
async function addThroughApi(page: Page, discipline: string, firstName: string): Promise<void> {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const uploaded = await page.request.post('/api/admin/hiring/resumes', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: receiptPdf(['CV']) } },
  });
  expect(uploaded.status()).toBe(201);
  const { resumeId } = (await uploaded.json()) as { resumeId: string };
  const added = await page.request.post('/api/admin/hiring/candidates', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      ownerId: null,
      discipline,
      firstName,
      lastName: 'Second',
      email: 'second@example.com',
      localToCalgary: false,
      applicationDate: addDays(firmToday(), -40),
      interviewDate: null,
      interviewNotes: 'Fine.',
      status: 'Rejected',
      resumeId,
    },
  });
  expect(added.status()).toBe(201);
}

test.describe('hiring', () => {
  test('an admin adds a candidate with a PDF resume, opens it, edits, filters, deletes and erases', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/admin/hr/hiring');
    await expect(page.getByRole('heading', { name: 'Hiring', level: 1 })).toBeVisible();
    const form = addForm(page);

    // Nothing filled in: each rule's message beside its field; empty notes are flagged too.
    await form.getByRole('button', { name: 'Add candidate' }).click();
    for (const message of [
      msg.disciplineRequired,
      msg.firstNameRequired,
      msg.lastNameRequired,
      msg.emailInvalid,
      msg.applicationDateRequired,
      msg.statusRequired,
      msg.resumeRequired,
      msg.interviewNotesEmpty,
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    // Errors clear as the field is edited.
    await form.getByRole('textbox', { name: 'Discipline' }).fill('Structural Engineering');
    await expect(form.getByText(msg.disciplineRequired, { exact: true })).toHaveCount(0);

    // The resume is checked by its content: a text file named .pdf is refused, so is 11 MB.
    const resume = form.getByLabel('Resume', { exact: true });
    await resume.setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('plain text\n'),
    });
    await expect(form.getByText(resumeMessages.wrongType, { exact: true })).toBeVisible();
    await resume.setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024)]),
    });
    await expect(form.getByText(resumeMessages.tooLarge, { exact: true })).toBeVisible();
    await resume.setInputFiles({
      name: 'grace.pdf',
      mimeType: 'application/pdf',
      buffer: receiptPdf(['Grace']),
    });
    await expect(form.getByText(/Resume attached \(PDF/)).toBeVisible();
    await expect(form.getByText(resumeMessages.tooLarge, { exact: true })).toHaveCount(0);

    await form.getByRole('textbox', { name: 'First name' }).fill('Grace');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
    await form.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
    await form.getByLabel('Application date').fill(APPLIED);
    await form.getByLabel('Interview date').fill(INTERVIEWED);
    await form.getByText('Local to Calgary', { exact: true }).click();
    await expect(form.getByRole('checkbox', { name: 'Local to Calgary' })).toBeChecked();
    await choose(form, page, 'Status', 'Shortlisted');
    await form.getByRole('button', { name: 'Add candidate' }).click();
    await expect(toast(page, msg.added)).toBeVisible();
    // The form is empty again for the next candidate.
    await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('');
    await expect(form.getByText(/Resume attached/)).toHaveCount(0);

    const row = candidateRow(page, 'grace@example.com');
    await expect(row).toContainText('Structural Engineering');
    await expect(row).toContainText('Grace Hopper');
    await expect(row).toContainText(tableDate(APPLIED));
    await expect(row).toContainText(tableDate(INTERVIEWED));
    await expect(row).toContainText('Shortlisted');

    // The resume is downloaded (never opened in a tab of the portal's origin), under its type's name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download the resume of Grace Hopper' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('resume.pdf');

    // Edited in the modal.
    await row.getByRole('button', { name: 'Edit candidate Grace Hopper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit candidate' });
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.com');
    await choose(dialog, page, 'Status', 'Offer Pending');
    // Escape must reach the dialog: it is pressed on the choice. (Waiting for the focus to come back
    // there by itself failed on a loaded machine: 10 s with the focus nowhere, once in 189 tests.)
    await dialog.getByRole('button', { name: 'Offer Pending Status' }).focus();
    // Closing with a change not saved asks first; No keeps the dialog and the change.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard changes' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'No' }).click();
    await expect(dialog.getByRole('button', { name: 'Offer Pending Status' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, msg.updated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(candidateRow(page, 'grace@example.com')).toContainText('Offer Pending');

    // Filtered by status and by discipline.
    await addThroughApi(page, 'Geotechnical', 'Otto');
    await page.reload();
    await expect(candidateRow(page, 'Otto Second')).toHaveCount(1);
    const list = page.getByRole('region', { name: 'View Candidates' });
    await choose(list, page, 'Filter by status', 'Offer Pending');
    await expect(candidateRow(page, 'Grace Hopper')).toHaveCount(1);
    await expect(candidateRow(page, 'Otto Second')).toHaveCount(0);
    await choose(list, page, 'Filter by status', 'All statuses');
    await choose(list, page, 'Filter by discipline', 'Geotechnical');
    await expect(candidateRow(page, 'Otto Second')).toHaveCount(1);
    await expect(candidateRow(page, 'Grace Hopper')).toHaveCount(0);
    await choose(list, page, 'Filter by discipline', 'All disciplines');

    // Deleted only after the confirmation: No keeps it, Yes deletes it.
    await candidateRow(page, 'Otto Second')
      .getByRole('button', { name: 'Delete candidate Otto Second' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete candidate' });
    await expect(confirm).toContainText(msg.deleteConfirm('Otto Second'));
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(candidateRow(page, 'Otto Second')).toHaveCount(1);
    await candidateRow(page, 'Otto Second')
      .getByRole('button', { name: 'Delete candidate Otto Second' })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete candidate' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(toast(page, msg.deleted)).toBeVisible();
    await expect(candidateRow(page, 'Otto Second')).toHaveCount(0);

    // Erased on request: the application stays, the person's data is gone.
    await candidateRow(page, 'Grace Hopper')
      .getByRole('button', { name: 'Erase the personal data of Grace Hopper' })
      .click();
    const erase = page.getByRole('alertdialog', { name: 'Erase personal data' });
    await expect(erase).toContainText(msg.eraseConfirm('Grace Hopper'));
    await erase.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, msg.erasedDone)).toBeVisible();
    await expect(page.getByText('Grace Hopper')).toHaveCount(0);
    await expect(page.getByText('grace@example.com')).toHaveCount(0);
    const erased = candidateRow(page, 'Structural Engineering');
    await expect(erased).toContainText('erased');
    await expect(erased).toContainText(tableDate(APPLIED));
    await expect(erased).toContainText('Offer Pending');
    await expect(erased.getByRole('button', { name: /^Edit candidate/ })).toHaveCount(0);
    await expect(erased.getByRole('button', { name: /^Download the resume/ })).toHaveCount(0);
    // What stays can still be taken off the list, after the same confirmation.
    await expect(
      erased.getByRole('button', { name: /^Delete candidate Structural Engineering applicant/ }),
    ).toBeVisible();

    await expectNoAxeViolations(page, 'hiring');
  });

  test('save waits while a resume is still uploading, in the add form and the edit modal', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/');
    await addThroughApi(page, 'Hydrology', 'Uma');
    await page.goto('/admin/hr/hiring');

    /** Holds the next resume upload until the returned function lets it through. */
    const holdUpload = async () => {
      let letThrough!: () => void;
      const held = new Promise<void>((resolve) => (letThrough = resolve));
      await page.route(
        '**/api/admin/hiring/resumes',
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      return letThrough;
    };
    const chooseResume = (scope: Locator) =>
      scope.getByLabel('Resume', { exact: true }).setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: receiptPdf(['CV']),
      });

    const form = addForm(page);
    const add = form.getByRole('button', { name: 'Add candidate' });
    let release = await holdUpload();
    await chooseResume(form);
    await expect(form.getByText('Uploading the resume…')).toBeVisible();
    await expect(add).toBeDisabled();
    // Enter in a field does not submit either: no rule's message shows up.
    await form.getByRole('textbox', { name: 'Discipline' }).press('Enter');
    await expect(form.getByText(msg.firstNameRequired, { exact: true })).toHaveCount(0);
    release();
    await expect(form.getByText(/Resume attached \(PDF/)).toBeVisible();
    await expect(add).toBeEnabled();

    await candidateRow(page, 'Uma Second').getByRole('button', { name: 'Edit candidate Uma Second' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit candidate' });
    const save = dialog.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeEnabled();
    release = await holdUpload();
    await chooseResume(dialog);
    await expect(dialog.getByText('Uploading the resume…')).toBeVisible();
    await expect(save).toBeDisabled();
    release();
    await expect(dialog.getByText(/Resume attached \(PDF/)).toBeVisible();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, msg.updated)).toBeVisible();
  });
});

test.describe('hiring on a phone, and for employees', () => {
  test.use({ viewport: { width: 320, height: 740 } });

  test('the form and the list fit a 320 px screen without sideways scrolling', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/admin/hr/hiring');
    await addThroughApi(page, 'Hydrology', 'Phoebe');
    await page.reload();
    await expect(addForm(page).getByRole('textbox', { name: 'First name' })).toBeVisible();
    // Each candidate is a card with its fields and its actions.
    const card = page
      .getByRole('list', { name: 'Candidates' })
      .getByRole('listitem')
      .filter({ hasText: 'Phoebe Second' });
    await expect(card).toContainText('Hydrology');
    await expect(card).toContainText('Rejected');
    await expect(card.getByRole('button', { name: 'Edit candidate Phoebe Second' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('an employee who opens the hiring screen is sent to the landing page', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/admin/hr/hiring');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Hiring', level: 1 })).toHaveCount(0);
  });
});
