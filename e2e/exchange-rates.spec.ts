import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openAs, PEOPLE, toast } from './support/portal';

const UPDATED = 'Exchange rates have been updated.';
const RATE_INVALID = 'Rate per USD must be a decimal number greater than 0';
const PROVIDER_CONFIGURED =
  'Exchange rates come from the provider configured by EXCHANGE_RATES_URL and cannot be edited here.';

function ratesTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Exchange rates' });
}

/** The row of one currency (its row header is the code). */
function rateRow(page: Page, currency: string): Locator {
  return ratesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: currency, exact: true }) });
}

function rateField(page: Page, currency: string): Locator {
  return page.getByRole('textbox', { name: `Rate per USD for ${currency}`, exact: true });
}

/** The text of a cell of a currency's row, by column (0 = the first cell after the code). */
async function cellText(page: Page, currency: string, column: number): Promise<string> {
  return (await rateRow(page, currency).getByRole('cell').nth(column).innerText()).trim();
}

async function openPage(page: Page): Promise<void> {
  await page.goto('/admin/exchange-rates');
  await expect(page.getByRole('heading', { name: 'Exchange rates', level: 1 })).toBeVisible();
  await expect(rateRow(page, 'CAD')).toBeVisible();
}

/** The rates table's rows, in the order the page lists them. */
const CURRENCY_ROWS = ['USD', 'CAD', 'EUR', 'INR', 'GBP', 'AUD'];

test.describe('exchange rates page', () => {
  test('an admin edits CAD, saves and sees the new rate after a reload', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/');
    await openPage(page);

    await expect(ratesTable(page).getByRole('rowheader')).toHaveText(CURRENCY_ROWS);
    await expect(rateRow(page, 'USD')).toContainText('1');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Exchange rates' })).toHaveAttribute(
      'href',
      '/admin/exchange-rates',
    );

    const before = await cellText(page, 'CAD', 0);
    const newRate = before === '1.4321' ? '1.4322' : '1.4321';

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const cad = rateField(page, 'CAD');
    await expect(cad).toBeFocused();
    await expect(cad).toHaveValue(before);
    // USD is the base: no field for it.
    await expect(rateField(page, 'USD')).toHaveCount(0);

    await cad.fill(newRate);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, UPDATED)).toBeVisible();
    await expect(rateField(page, 'CAD')).toHaveCount(0);
    await expect.poll(() => cellText(page, 'CAD', 0)).toBe(newRate);
    await expect(rateRow(page, 'CAD')).toContainText(PEOPLE.alice);

    await page.reload();
    await expect(rateRow(page, 'CAD')).toBeVisible();
    expect(await cellText(page, 'CAD', 0)).toBe(newRate);
    expect(await cellText(page, 'CAD', 2)).toBe(PEOPLE.alice);
  });

  test('a zero or a word shows the rule beside the field and nothing is saved', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/');
    await openPage(page);
    const cadBefore = await cellText(page, 'CAD', 0);
    const eurBefore = await cellText(page, 'EUR', 0);

    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/admin/exchange-rates')) {
        puts.push(request.url());
      }
    });

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await rateField(page, 'CAD').fill('0');
    await rateField(page, 'EUR').fill('abc');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    for (const currency of ['CAD', 'EUR']) {
      const field = rateField(page, currency);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(RATE_INVALID);
      await expect(rateRow(page, currency)).toContainText(RATE_INVALID);
    }
    // The valid fields carry no message, and the form stays open.
    await expect(rateField(page, 'GBP')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, UPDATED)).toHaveCount(0);

    // Escape cancels and restores the stored values.
    await rateField(page, 'EUR').press('Escape');
    await expect(rateField(page, 'CAD')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeFocused();
    expect(await cellText(page, 'CAD', 0)).toBe(cadBefore);
    expect(await cellText(page, 'EUR', 0)).toBe(eurBefore);

    await page.reload();
    await expect(rateRow(page, 'CAD')).toBeVisible();
    expect(await cellText(page, 'CAD', 0)).toBe(cadBefore);
    expect(await cellText(page, 'EUR', 0)).toBe(eurBefore);
    expect(puts).toEqual([]);
  });

  test('when the server says the HTTP provider is configured, the page turns read-only', async ({ page }) => {
    // The e2e portal runs the embedded table; the provider's refusal (409, the server's message)
    // is answered at the network boundary, from the moment Save is pressed.
    let providerConfigured = false;
    const refuse = { status: 409, contentType: 'application/json' };
    const body = JSON.stringify({
      statusCode: 409,
      error: 'Conflict',
      message: PROVIDER_CONFIGURED,
      problems: [],
    });
    await page.route('**/api/admin/exchange-rates', async (route) => {
      if (route.request().method() === 'PUT') providerConfigured = true;
      if (providerConfigured) await route.fulfill({ ...refuse, body });
      else await route.fallback();
    });

    await openAs(page, PEOPLE.alice, '/');
    await openPage(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await rateField(page, 'AUD').fill('1.6');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(toast(page, PROVIDER_CONFIGURED)).toBeVisible();
    await expect(page.getByRole('note')).toHaveText(PROVIDER_CONFIGURED);
    await expect(rateField(page, 'AUD')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    // Today's rates (GET /api/exchange-rates) are still listed, read-only.
    await expect(ratesTable(page).getByRole('rowheader')).toHaveText(CURRENCY_ROWS);
    await expect(rateRow(page, 'AUD')).not.toContainText('1.6');
    expect(await cellText(page, 'USD', 0)).toBe('1');
  });

  test('a non-admin opening /admin/exchange-rates lands on the landing page', async ({ page }) => {
    await openAs(page, PEOPLE.carlos, '/admin/exchange-rates');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'The Future is Smart' })).toBeVisible();
    await expect(ratesTable(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Account menu for ${PEOPLE.carlos}` })).toBeVisible();
  });
});
