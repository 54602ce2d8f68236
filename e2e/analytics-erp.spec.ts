import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { choose, monthOf, openAs, PEOPLE, shortMonthLabel, firmToday } from './support/portal';
import { readWorkbook } from './support/workbook';

/*
 * ERP Time (issue 11) without Power BI: the built-in view. Rita records time through the API in
 * the month after next (ahead of the run's pinned "now", where no other spec records her time):
 * 7.5 hours on Fort McMurray Relocation (client 1: billable) and 3 on Sydney Office Setup
 * (client 4, Smartwork Internal: not billable). Alice opens the view on Rita and that month by
 * its URL, reads the figures in the tables, changes a filter (the URL follows) and exports.
 */
const RITA = { id: 6, name: 'Rita Receipts' };
const MONTH = monthOf(firmToday(), 2);
/** The month before it, where Rita has no time either. */
const EARLIER = monthOf(firmToday(), 1);
const ENTRIES = [
  { projectId: 33, date: `${MONTH}-04`, hours: '7.5' },
  { projectId: 36, date: `${MONTH}-05`, hours: '3' },
];
const VIEW = `/admin/erpTime?from=${MONTH}&to=${MONTH}&employeeId=${RITA.id}`;

async function recordRitasTime(page: Page): Promise<void> {
  const signIn = await page.request.post('/api/auth/dev/sign-in', { data: { staffId: RITA.id } });
  expect(signIn.status()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  for (const entry of ENTRIES) {
    const recorded = await page.request.post('/api/timesheets', {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        projectId: entry.projectId,
        subProjectId: null,
        items: [
          { date: entry.date, hours: entry.hours, overtimeHours: null, comment: 'ERP analytics check' },
        ],
        confirmLate: true,
      },
    });
    expect(recorded.status()).toBe(201);
  }
}

/** The cells of a table's row (its header included), by the row header's text. */
function rowOf(page: Page, table: string, rowHeader: string) {
  return page
    .getByRole('grid', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: rowHeader }) });
}

test.describe('ERP Time, built in', () => {
  test('shows the hours entered, billable versus not, with tables; filters go into the URL; exports', async ({
    page,
  }) => {
    await recordRitasTime(page);
    await openAs(page, PEOPLE.alice, VIEW);
    await expect(page.getByRole('heading', { level: 1, name: 'ERP Time' })).toBeVisible();

    // The summary and each chart's table hold the same figures.
    await expect(page.getByText('10.5 hours in all: 7.5 billable, 3 non-billable.')).toBeVisible();
    await expect(rowOf(page, 'Hours by person (table)', RITA.name).getByRole('gridcell')).toHaveText([
      '7.5',
      '3',
      '10.5',
    ]);
    await expect(
      rowOf(page, 'Hours by month (table)', shortMonthLabel(MONTH)).getByRole('gridcell'),
    ).toHaveText(['7.5', '3', '10.5']);
    await expect(
      rowOf(page, 'Hours by project (table)', 'Fort McMurray Relocation').getByRole('gridcell'),
    ).toHaveText(['Yes', '7.5']);
    await expect(
      rowOf(page, 'Hours by project (table)', 'Sydney Office Setup').getByRole('gridcell'),
    ).toHaveText(['No', '3']);
    await expect(page.getByRole('figure', { name: 'Hours by month' })).toBeVisible();

    // Export xlsx: what is shown, named by the months.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export xlsx' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`erp-time-${MONTH}-${MONTH}.xlsx`);
    const { sheet, rows } = await readWorkbook(await readFile((await file.path())!));
    expect(sheet).toBe('By month');
    expect(rows).toEqual([
      ['Month', 'Billable hours', 'Non-billable hours', 'Total hours'],
      [MONTH, 7.5, 3, 10.5],
    ]);

    // A filter changes the URL (a view to share): the start month moves back one.
    await choose(page.getByRole('group', { name: 'Filters' }), page, 'From month', shortMonthLabel(EARLIER));
    await expect(page).toHaveURL(new RegExp(`from=${EARLIER}&to=${MONTH}&employeeId=${RITA.id}`));
    await expect(
      rowOf(page, 'Hours by month (table)', shortMonthLabel(EARLIER)).getByRole('gridcell'),
    ).toHaveText(['0', '0', '0']);
    await expect(rowOf(page, 'Hours by person (table)', RITA.name).getByRole('gridcell')).toHaveText([
      '7.5',
      '3',
      '10.5',
    ]);

    // The shared URL opens the same view.
    await page.goto(page.url());
    await expect(rowOf(page, 'Hours by month (table)', shortMonthLabel(EARLIER))).toBeVisible();
  });
});
