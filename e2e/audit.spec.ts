import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, test } from './support/test';
import {
  addDays,
  choose,
  monthOf,
  PEOPLE,
  sessionToken,
  shortMonthLabel,
  signInInstead,
  firmToday,
  openAs,
} from './support/portal';
import { testTimeZone } from './support/test-now';
import { readDownloadedWorkbook } from './support/workbook';

/*
 * The audit search as an auditor reads it (issue 11). Alice (admin) corrects the amount of an
 * expense Dana claimed and plans Dana's hours twice, through the API; she makes Rita Receipts an
 * auditor and clears the flag again afterwards, whatever happened. Rita finds the change, exports
 * the search (xlsx and CSV, read back), opens an expense's and a planned-hours cell's history and
 * reads the exchange rates without Edit. (auditor.spec.ts proves her direct writes get 403.)
 */
const DANA = { id: 4, name: 'Dana Developer' };
const RITA = { id: 6, name: 'Rita Receipts' };
const OFFSHORE = { id: 30, name: 'Offshore Analytics' };
// Far from the months planned-hours.spec.ts plans (the five after this one), so the two specs never
// meet, and within the month pickers' reach (two years ahead).
const PLAN_MONTH_ID = monthOf(firmToday(), 19);
const PLAN_MONTH = { id: PLAN_MONTH_ID, label: shortMonthLabel(PLAN_MONTH_ID) };
/** Times for the filters (the firm's wall clock, to the minute): a day and the days around it. */
const FILTER_DAY = firmToday();
const at = (date: string) => `${date}T10:00`;
const FROM = `From (${testTimeZone()})`;
const TO = `To (${testTimeZone()})`;

let aliceToken = '';

async function setAuditor(page: Page, isAuditor: boolean): Promise<void> {
  const answer = await page.request.put(`/api/admin/staff/${RITA.id}`, {
    headers: { authorization: `Bearer ${aliceToken}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { isAuditor },
  });
  expect(answer.status()).toBe(200);
}

// Whatever happened, Rita is no auditor for the specs after this one.
test.afterEach(async ({ page }) => {
  if (aliceToken) await setAuditor(page, false);
});

/** Alice plans Dana's hours of one month on Offshore Analytics, then changes them. */
async function plannedHoursChangedByAlice(page: Page): Promise<void> {
  for (const plannedHours of [12, 20]) {
    const answer = await page.request.put('/api/admin/planned-hours', {
      headers: { authorization: `Bearer ${aliceToken}`, 'Idempotency-Key': crypto.randomUUID() },
      data: { projectId: OFFSHORE.id, cells: [{ employeeId: DANA.id, month: PLAN_MONTH.id, plannedHours }] },
    });
    expect(answer.status()).toBe(200);
  }
}

/** Dana claims an expense and Alice changes its amount, both through the API (as their screens would). */
async function expenseChangedByAlice(page: Page): Promise<string> {
  const signIn = await page.request.post('/api/auth/dev/sign-in', { data: { staffId: DANA.id } });
  expect(signIn.status()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const claim = {
    categoryId: 4,
    projectId: 12,
    currency: 'CAD',
    amount: '31.00',
    date: firmToday(),
    comment: 'Audit trail parking',
    isBillable: true,
  };
  const claimed = await page.request.post('/api/expenses', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: claim,
  });
  expect(claimed.status()).toBe(201);
  const [expenseId] = ((await claimed.json()) as { expenseIds: string[] }).expenseIds;
  const corrected = await page.request.put(`/api/admin/expenses/${expenseId}`, {
    headers: { Authorization: `Bearer ${await sessionToken(page)}`, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      employeeId: DANA.id,
      amount: '57.00',
      comment: claim.comment,
      categoryId: 4,
      date: claim.date,
      rate: '1',
      projectCurrency: 'CAD',
      projectId: 12,
      isBillable: true,
      version: 1,
    },
  });
  expect(corrected.status()).toBe(200);
  return expenseId;
}

test.describe('audit', () => {
  test('an auditor finds who changed an expense amount, exports the search and opens the history', async ({
    page,
  }) => {
    // Setup, search, two exports, three screens: more than the default minute on a busy machine.
    test.setTimeout(240_000);
    await openAs(page, PEOPLE.alice, '/');
    aliceToken = await sessionToken(page);
    const expenseId = await expenseChangedByAlice(page);
    await plannedHoursChangedByAlice(page);
    await setAuditor(page, true);
    await signInInstead(page, RITA.name);

    await page.goto('/audit');
    await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Audit', exact: true }),
    ).toHaveAttribute('href', '/audit');
    const filters = page.getByRole('form', { name: 'Search the history' });
    await choose(filters, page, 'Entity kind', 'Expense');
    await filters.getByLabel('Entity id').fill(expenseId);
    await filters.getByRole('button', { name: 'Search' }).click();

    const results = page.getByRole('grid', { name: 'Audit results' });
    const correction = results.getByRole('row').filter({ hasText: 'Expense corrected' });
    await expect(correction).toHaveCount(1);
    await expect(correction).toContainText(PEOPLE.alice);
    await expect(correction).toContainText(`for ${DANA.name}`);
    await expect(correction).toContainText('amount: 31 → 57');
    await expect(results.getByRole('row').filter({ hasText: 'Expense claimed' })).toContainText(
      'amount: (none) → 31',
    );
    await expectNoAxeViolations(page, 'audit search results');

    // People are chosen by name and the event type from the list, not typed as ids: Dana's
    // expenses as Alice changed them, corrections only, find the one change.
    const pickFrom = async (label: string, typed: string, option: string) => {
      await filters.getByRole('combobox', { name: label }).fill(typed);
      await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
      await expect(filters.getByRole('combobox', { name: label })).toHaveValue(option);
    };
    await pickFrom('Person', 'Dana', DANA.name);
    await pickFrom('Actor', 'Ali', PEOPLE.alice);
    await pickFrom('Event type', 'Expense corr', 'Expense corrected');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(results.getByRole('row').filter({ hasText: 'amount: 31 → 57' })).toHaveCount(1);
    await expect(results.getByRole('row').filter({ hasText: 'Expense claimed' })).toHaveCount(0);
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(filters.getByRole('combobox', { name: 'Person' })).toHaveValue('Anyone');

    // A bad filter is named beside its field; editing that field takes its message away (editing
    // another field does not).
    const rangeProblem = filters.getByText('To must not be before From');
    const problemAlert = page.getByRole('alert').filter({ hasText: /search again/i });
    await filters.getByLabel(FROM).fill(at(FILTER_DAY));
    await filters.getByLabel(TO).fill(at(addDays(FILTER_DAY, -1)));
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(rangeProblem).toBeVisible();
    await expect(filters.getByLabel(TO)).toHaveAttribute('aria-invalid', 'true');
    await expect(problemAlert).toHaveText('Correct the filters marked above, then search again.');
    await filters.getByLabel('Entity id').fill('1');
    await expect(rangeProblem).toBeVisible();
    await filters.getByLabel(TO).fill(at(addDays(FILTER_DAY, -2)));
    await expect(rangeProblem).toBeHidden();
    await expect(problemAlert).toHaveText('Search again with the changed filters.');
    await filters.getByLabel('Entity id').fill('');
    // Searched again, the range is the problem, beside To; editing To takes it away.
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(rangeProblem).toBeVisible();
    await filters.getByLabel(TO).fill(at(addDays(FILTER_DAY, 1)));
    await expect(rangeProblem).toBeHidden();
    // The same bad range searched again is marked again.
    await filters.getByLabel(TO).fill(at(addDays(FILTER_DAY, -1)));
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(rangeProblem).toBeVisible();
    // Clear filters takes the bad range away; the expense's filters find the change again.
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rangeProblem).toBeHidden();
    await choose(filters, page, 'Entity kind', 'Expense');
    await filters.getByLabel('Entity id').fill(expenseId);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(correction).toContainText('amount: 31 → 57');

    // The export of the search, read back: the filters first, then the change.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = (await readFile(await (await csvDownload).path())).toString('utf8').replace(/^\ufeff/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Audit export');
    expect(lines).toContain('Entity kind,Expense (expense)');
    expect(lines).toContain(`Entity id,${expenseId}`);
    expect(lines.filter((l) => l.includes('ExpenseCorrected') && l.endsWith(',amount,31,57'))).toHaveLength(
      1,
    );

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export xlsx' }).click();
    const workbook = await readDownloadedWorkbook(await xlsxDownload);
    expect(workbook.name).toMatch(/^Audit-.*\.xlsx$/);
    expect(workbook.rows[0][0]).toBe('Audit export');
    expect(workbook.rows.some((r) => r[0] === 'Entity id' && r[1] === expenseId)).toBe(true);
    expect(
      workbook.rows
        .filter((r) => r[8] === 'ExpenseCorrected' && r[10] === 'amount')
        .map((r) => r.slice(11, 13)),
      // Amounts are numbers in the workbook, so a program reading it gets values.
    ).toEqual([[31, 57]]);

    // History on a row opens the entity's timeline, oldest first.
    await correction.getByRole('button', { name: `History of ${expenseId}` }).click();
    const history = page.getByRole('dialog', { name: /^History: Expense/ });
    const items = history.getByRole('listitem').filter({ hasText: /Expense (claimed|corrected) by/ });
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Expense claimed by Dana Developer');
    await expect(items.nth(1)).toContainText(
      `Expense corrected by ${PEOPLE.alice} on behalf of ${DANA.name}`,
    );
    await expect(items.nth(1)).toContainText('amount: 31 → 57');
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();
    // An auditor's audit screen changes nothing: no write button on it.
    await expect(
      page.getByRole('main').getByRole('button', { name: /^(Edit|Save|Delete|Add|Update)/ }),
    ).toHaveCount(0);

    // A planned-hours cell's History, in place on the grid: 12 → 20 by Alice.
    await page.goto('/admin/planned-hours');
    await page.getByRole('combobox', { name: 'Project' }).fill('Offshore');
    await page.getByRole('listbox').getByRole('option', { name: OFFSHORE.name, exact: true }).click();
    const selection = page.getByRole('group', { name: 'Grid selection' });
    await choose(selection, page, 'Start month', PLAN_MONTH.label);
    await choose(selection, page, 'End month', PLAN_MONTH.label);
    const planned = page.getByRole('table', { name: 'Planned hours' });
    await planned
      .getByRole('button', { name: `History of ${DANA.name}, ${PLAN_MONTH.label}`, exact: true })
      .click();
    const cellHistory = page.getByRole('dialog', { name: /^History: Planned hours cell/ });
    const plans = cellHistory.getByRole('listitem').filter({ hasText: / by / });
    await expect(plans).toHaveCount(2);
    await expect(plans.nth(0)).toContainText(`by ${PEOPLE.alice}`);
    await expect(plans.nth(0)).toContainText('plannedHours: (none) → 12');
    await expect(plans.nth(1)).toContainText('plannedHours: 12 → 20');
    await cellHistory.getByRole('button', { name: 'Close' }).click();
    await expect(cellHistory).toBeHidden();

    // The exchange rates, from the Audit group: read, without Edit.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Exchange rates' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Exchange rates' })).toBeVisible();
    const rates = page.getByRole('table', { name: 'Exchange rates' });
    await expect(rates.getByRole('rowheader', { name: 'CAD', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  });
});
