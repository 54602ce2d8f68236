import type { Locator, Page } from '@playwright/test';
import {
  addDays,
  choose,
  fixedOffsetPeriod,
  mondayOf,
  monthOf,
  PEOPLE,
  PROJECTS,
  firmToday,
  openAs,
} from './support/portal';
import { readDownloadedWorkbook } from './support/workbook';
import { expect, test } from './support/test';

/**
 * Download Timesheet on the person's own timesheet screen: the required-field messages, the OT
 * types offered only where overtime applies, and the .xlsx itself, opened and read. Dana enters
 * her own night shift on project 64 (overtime; no other spec uses it); Carlos reads his seeded
 * time on project 12 (no overtime).
 */

const DANA = 'Dana Developer';
const NIGHT_SHIFT = { id: 64, name: 'Night Shift Maintenance' };
const FIELD_OPERATIONS = 'Field Operations (Overtime)';
const OT_TYPES = ['OT Timesheet - Monthly', 'OT Timesheet - Biweekly'];
const PLAIN_TYPES = ['Please choose…', 'Client Timesheet', 'Internal Timesheet (Non-billable)'];

const today = firmToday();
const day = (date: string) => new Date(`${date}T00:00:00.000Z`);

/** Posts time as the signed-in person (the page's session token); answers the status. */
async function postTimesheet(page: Page, body: unknown): Promise<number> {
  return page.evaluate(async (payload) => {
    const storage = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } })
      .sessionStorage;
    const response = await fetch('/api/timesheets', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${storage.getItem('portal.session.token') ?? ''}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(payload),
    });
    return response.status;
  }, body);
}

async function openDialog(page: Page): Promise<Locator> {
  await page.goto('/timesheets/create');
  await page.getByRole('button', { name: 'Download Timesheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download Timesheet' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The names of a select's options, read by opening it (then closed again). */
async function optionsOf(dialog: Locator, page: Page, label: string): Promise<string[]> {
  await dialog.getByRole('button', { name: label }).click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const names = await list.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  return names.map((n) => n.trim());
}

/** Clicks Download and reads the saved file's first sheet: its name and every row's values. */
async function download(page: Page, dialog: Locator) {
  const saving = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const { name, rows } = await readDownloadedWorkbook(await saving);
  return { name, rows };
}

test.describe('Download Timesheet on /timesheets/create', () => {
  test('Dana downloads her OT Timesheet of project 64 and the file holds her night shift', async ({
    page,
  }) => {
    await openAs(page, DANA, '/');
    const comment = 'Night shift download check';
    expect(
      await postTimesheet(page, {
        projectId: NIGHT_SHIFT.id,
        items: [{ date: today, hours: '7.5', overtimeHours: '2', comment }],
      }),
    ).toBe(201);

    const dialog = await openDialog(page);
    await choose(dialog, page, 'Project', NIGHT_SHIFT.name);
    // Overtime applies to project 64: all four types are offered.
    expect(await optionsOf(dialog, page, 'Type')).toEqual([...PLAIN_TYPES, ...OT_TYPES]);
    const period = fixedOffsetPeriod(today);
    // The current period of the project's cycle and the two before it, newest first.
    expect(await optionsOf(dialog, page, 'Period')).toEqual([
      period.label,
      fixedOffsetPeriod(addDays(period.start, -1)).label,
      fixedOffsetPeriod(addDays(fixedOffsetPeriod(addDays(period.start, -1)).start, -1)).label,
    ]);
    await choose(dialog, page, 'Period', period.label);
    await expect(dialog.getByText(`${period.start} to ${period.end}`)).toBeVisible();
    await choose(dialog, page, 'Type', 'OT Timesheet - Monthly');

    const file = await download(page, dialog);
    expect(file.name).toBe(`${DANA} - ${NIGHT_SHIFT.name} - ${period.key}.xlsx`);
    await expect(dialog.getByRole('status')).toHaveText(`Downloaded ${file.name}.`);
    expect(file.rows).toEqual([
      ['Person', DANA, null, null, null],
      ['Project', NIGHT_SHIFT.name, null, null, null],
      ['Period', period.label, null, null, null],
      ['From', period.start, null, null, null],
      ['To', period.end, null, null, null],
      ['Billing cycle', 'Fixed Offset (26 to 25)', null, null, null],
      ['Type', 'OT Timesheet - Monthly', null, null, null],
      [null, null, null, null, null],
      ['Date', 'Activity Comment', 'Hours', 'Overtime', 'Value'],
      [day(today), comment, 7.5, 2, 1500],
      ['Total', null, 7.5, 2, 1500],
    ]);
  });

  test('the required fields are flagged beside them; OT types show only where overtime applies', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.carlos, '/');
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(dialog.getByText('Date is Required')).toBeVisible();
    await expect(dialog.getByText('Project is Required')).toBeVisible();
    // Client Timesheet is chosen by default; 'Please choose…' clears it.
    await expect(dialog.getByText('Type is required.')).toHaveCount(0);
    await choose(dialog, page, 'Type', 'Please choose…');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(dialog.getByText('Type is required.')).toBeVisible();

    // Project 12 has no overtime; project 61 has.
    await choose(dialog, page, 'Project', PROJECTS[12]);
    await expect(dialog.getByText('Project is Required')).toHaveCount(0);
    expect(await optionsOf(dialog, page, 'Type')).toEqual(PLAIN_TYPES);
    await choose(dialog, page, 'Project', FIELD_OPERATIONS);
    expect(await optionsOf(dialog, page, 'Type')).toEqual([...PLAIN_TYPES, ...OT_TYPES]);
    await choose(dialog, page, 'Type', 'OT Timesheet - Biweekly');
    // Back on project 12 the OT choice falls back to the default.
    await choose(dialog, page, 'Project', PROJECTS[12]);
    await expect(dialog.getByRole('button', { name: 'Type' })).toContainText('Client Timesheet');
  });

  test('Carlos downloads his Client Timesheet of project 12: his seeded days, hours and totals', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.carlos, '/');
    const dialog = await openDialog(page);
    const period = fixedOffsetPeriod(today);
    await choose(dialog, page, 'Project', PROJECTS[12]);
    await choose(dialog, page, 'Period', period.label);
    const file = await download(page, dialog);
    expect(file.name).toBe(`${PEOPLE.carlos} - ${PROJECTS[12]} - ${period.key}.xlsx`);
    expect(file.rows.slice(0, 9)).toEqual([
      ['Person', PEOPLE.carlos, null, null],
      ['Project', PROJECTS[12], null, null],
      ['Period', period.label, null, null],
      ['From', period.start, null, null],
      ['To', period.end, null, null],
      ['Billing cycle', 'Fixed Offset (26 to 25)', null, null],
      ['Type', 'Client Timesheet', null, null],
      [null, null, null, null],
      ['Date', 'Activity Comment', 'Hours', 'Value'],
    ]);

    const entries = file.rows.slice(9, -1);
    // The demo seed: 8 hours of 'Pipeline inspection' each Monday to Wednesday from the first day
    // of the month two months back to the Sunday before this week (the running week is left for
    // the person to enter: seed/timesheet-history.ts).
    const seedStart = `${monthOf(today, -2)}-01`;
    for (let d = period.start; d <= period.end && d < mondayOf(today); d = addDays(d, 1)) {
      const weekday = day(d).getUTCDay();
      if (d < seedStart || weekday < 1 || weekday > 3) continue;
      expect(entries).toContainEqual([day(d), 'Pipeline inspection', 8, 1600]);
    }
    for (const row of entries) {
      const date = row[0] as Date;
      expect(date >= day(period.start) && date <= day(period.end)).toBe(true);
    }
    // The Total row adds up the rows (in hundredths, exactly).
    const sum = (column: number) =>
      entries.reduce((total, row) => total + Math.round(Number(row[column]) * 100), 0);
    const total = file.rows[file.rows.length - 1];
    expect(total[0]).toBe('Total');
    expect(Math.round(Number(total[2]) * 100)).toBe(sum(2));
    expect(Math.round(Number(total[3]) * 100)).toBe(sum(3));
  });
});
