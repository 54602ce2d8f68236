import sharp from 'sharp';
import { expect, expectNoAxeViolations, test } from './support/test';
import { addDays, ExpenseFormScreen, firmToday, PEOPLE, PROJECTS } from './support/portal';

/**
 * A receipt photographed and chosen as a JPEG file: the form turns it into a one-page PDF, the
 * portal reads it by OCR in a job while "Reading the receipt…" shows, and the total, date and
 * vendor arrive in the form marked "Read from the receipt", still editable. At phone width,
 * axe clean. The printed date derives from the run's "now".
 */

const receiptDay = addDays(firmToday(), -2);

/** A receipt photo: dark print on paper, held a little askew, as a JPEG. */
async function receiptJpeg(lines: readonly string[]): Promise<Buffer> {
  const text = lines
    .map(
      (line, i) => `<text x="60" y="${110 + i * 46}" font-family="DejaVu Sans" font-size="30">${line}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="${180 + lines.length * 46}">` +
    `<rect width="100%" height="100%" fill="#f3f1ec"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).rotate(3, { background: '#6b6b6b' }).jpeg({ quality: 80 }).toBuffer();
}

test.use({ viewport: { width: 390, height: 844 } });

test('a photo receipt is read by OCR and prefills the form, marked and editable', async ({ page }) => {
  test.slow(); // OCR in the portal's worker on a loaded two-core machine
  const screen = new ExpenseFormScreen(page);
  await screen.openAs(PEOPLE.carlos);
  await screen.choose('Expense Type', 'Parking');
  await screen.choose('Project', PROJECTS[14]);

  const photo = await receiptJpeg([
    'Harbour Parking Ltd',
    '88 King Ave',
    `Date: ${receiptDay}`,
    'Parking 2h 18.00',
    'Subtotal 18.00',
    'GST 0.90',
    'TOTAL CAD 18.90',
  ]);
  await screen.entry
    .getByLabel(/^Receipt \(PDF or photo\)/)
    .setInputFiles({ name: 'parking.jpg', mimeType: 'image/jpeg', buffer: photo });

  // The upload is stored as a PDF; the reading shows its progress and the form stays usable.
  await expect(screen.entry.getByText('Receipt parking.pdf')).toBeVisible();
  await expect(screen.entry.getByText('Reading the receipt…')).toBeVisible();
  await expect(screen.entry.getByRole('progressbar', { name: 'Reading the receipt…' })).toBeVisible();
  await screen.field('Date').fill(addDays(firmToday(), -1));

  await expect(screen.field('Amount')).toHaveValue('18.90', { timeout: 90_000 });
  await expect(screen.entry.getByText('Reading the receipt…')).toHaveCount(0);
  // What the person typed while it read stays; what was empty is filled and marked.
  await expect(screen.field('Date')).toHaveValue(addDays(firmToday(), -1));
  await expect(screen.entry.getByRole('textbox', { name: 'Comments' })).toHaveValue('Harbour Parking Ltd');
  await expect(screen.entry.getByRole('button', { name: 'Receipt Currency' })).toContainText('CAD');
  await expect(screen.entry.getByText('Read from the receipt', { exact: true })).toHaveCount(3);
  await expectNoAxeViolations(page, 'photo receipt read, phone width');

  // Still editable: a changed amount is the person's, no longer marked as read.
  await screen.field('Amount').fill('19.90');
  await expect(screen.field('Amount')).toHaveValue('19.90');
  await expect(screen.entry.getByText('Read from the receipt', { exact: true })).toHaveCount(2);
});
