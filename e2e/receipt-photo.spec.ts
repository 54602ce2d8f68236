import { receiptMessages, type ReceiptScanStatus, type ReceiptUploadResponse } from '@portal/contracts';
import { receiptPhoto } from '../services/portal/src/modules/expenses/receipts/test/receipt-photos';
import { expect, expectNoAxeViolations, test } from './support/test';
import { ExpenseFormScreen, PEOPLE, PROJECTS } from './support/portal';
import { runNow } from './support/test-now';

/**
 * A receipt photographed and chosen as a JPEG file (the bench's and the integration test's maker:
 * drawn as SVG, held 3° askew, on a table): the form turns it into a one-page PDF, the portal
 * reads it by OCR in a job while "Reading the receipt…" shows, and the total, date and vendor
 * arrive in the form marked "Read from the receipt", still editable. At phone width, axe clean.
 * The printed date is two days before the run's "now".
 */

test.use({ viewport: { width: 390, height: 844 } });

const MARK = 'Read from the receipt';

test('a photo receipt is read by OCR and prefills the form, marked and editable', async ({ page }) => {
  test.slow(); // OCR in the portal's worker on a loaded two-core machine
  // A receipt of the US layout (month first), read with the browser's en-US.
  const photo = await receiptPhoto({ anchor: new Date(runNow()), index: 8, daysBack: 2, clean: true });
  const screen = new ExpenseFormScreen(page);
  await screen.openAs(PEOPLE.carlos);
  await screen.choose('Expense Type', 'Parking');
  await screen.choose('Project', PROJECTS[14]);

  await screen.entry
    .getByLabel(/^Receipt \(PDF or photo\)/)
    .setInputFiles({ name: 'parking.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo.jpeg) });

  // Stored as a PDF; the reading shows its progress and the form stays usable meanwhile.
  await expect(screen.entry.getByText('Receipt parking.pdf')).toBeVisible();
  await expect(screen.entry.getByText('Reading the receipt…')).toBeVisible();
  await expect(screen.entry.getByRole('progressbar', { name: 'Reading the receipt…' })).toBeVisible();
  const comments = screen.entry.getByRole('textbox', { name: 'Comments' });
  /** The "Read from the receipt" under a field. */
  const markOf = (name: string) =>
    screen.entry
      .locator('.field')
      .filter({ has: page.getByRole('textbox', { name, exact: true }) })
      .getByText(MARK);
  await comments.fill('Parking at the harbour');

  await expect(screen.field('Amount')).toHaveValue(photo.total, { timeout: 90_000 });
  await expect(screen.entry.getByText('Reading the receipt…')).toHaveCount(0);
  await expect(screen.field('Date')).toHaveValue(photo.date);
  await expect(markOf('Amount')).toBeVisible();
  await expect(markOf('Date')).toBeVisible();
  // What the person typed while it read stays theirs, unmarked.
  await expect(comments).toHaveValue('Parking at the harbour');
  await expect(markOf('Comments')).toHaveCount(0);
  await expectNoAxeViolations(page, 'photo receipt read, phone width');

  // Still editable: a changed amount is the person's, no longer marked as read.
  await screen.field('Amount').fill('19.90');
  await expect(screen.field('Amount')).toHaveValue('19.90');
  await expect(markOf('Amount')).toHaveCount(0);
});

test('a reading that fails for good says so and leaves the fields to the person', async ({ page }) => {
  // The server's side (the status turns 'failed' once the job's last try failed) is proven in
  // receipt-photo.int-spec.ts; here the portal's answers are given, so no OCR runs.
  const photo = await receiptPhoto({ anchor: new Date(runNow()), index: 9, daysBack: 2, clean: true });
  const RECEIPT = 'receipt-that-cannot-be-read';
  const nothing = { total: null, date: null, vendor: null, currency: null };
  await page.route('**/api/expenses/receipts', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const answer: ReceiptUploadResponse = {
      receiptId: RECEIPT,
      fileName: 'parking.pdf',
      size: 48_000,
      scan: nothing,
      scanState: 'reading',
      position: '0/0',
    };
    await route.fulfill({ status: 201, json: answer });
  });
  let asked = 0;
  await page.route(`**/api/expenses/receipts/${RECEIPT}/scan`, async (route) => {
    asked += 1;
    const answer: ReceiptScanStatus =
      asked < 3
        ? { state: 'reading', progress: 40, scan: nothing }
        : { state: 'failed', progress: 100, scan: nothing };
    await route.fulfill({ json: answer });
  });
  const screen = new ExpenseFormScreen(page);
  await screen.openAs(PEOPLE.carlos);
  await screen.choose('Expense Type', 'Parking');
  await screen.entry
    .getByLabel(/^Receipt \(PDF or photo\)/)
    .setInputFiles({ name: 'parking.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo.jpeg) });

  await expect(screen.entry.getByRole('progressbar', { name: 'Reading the receipt…' })).toBeVisible();
  await expect(screen.entry.getByText(receiptMessages.scanFailed)).toBeVisible();
  await expect(screen.entry.getByText('Reading the receipt…')).toHaveCount(0);
  // Nothing was read: the fields are empty, unmarked and the person's to fill.
  await expect(screen.field('Amount')).toHaveValue('');
  await expect(screen.entry.getByText(MARK)).toHaveCount(0);
  await screen.field('Amount').fill('12.50');
  await expect(screen.field('Amount')).toHaveValue('12.50');
  // It stopped asking once the reading failed.
  const askedAtFailure = asked;
  await page.waitForTimeout(2_000);
  expect(asked).toBe(askedAtFailure);
});
