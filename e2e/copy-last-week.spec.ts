import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { copyWeekMessages as copyMsg, holidayCalendar } from '@portal/contracts';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/test';
import {
  addDays,
  mondayOf,
  openAs,
  PEOPLE,
  tableDate,
  TimesheetScreen,
  firmToday,
  toast,
} from './support/portal';

/*
 * Copy last week (records 0261, 0262). Rita Receipts, who has no time and no leave in the demo,
 * gets last week's entries through the API: Fort McMurray Relocation (33) every weekday and Field
 * Operations (Overtime) (61) on Wednesday with overtime; this week a day of leave and one entry on
 * 33 already. She copies last week, reads which days were skipped and why, edits one row, removes
 * one and submits; the week then holds the rows, and a second copy doubles nothing. Carlos (whose
 * demo history fills last week) and Alice (no time at all) show the review and the empty state on a
 * phone, by keyboard. Every day is derived from the run's pinned "now".
 */
const RITA = { id: 6, name: 'Rita Receipts' };
const RELOCATION = { id: 33, name: 'Fort McMurray Relocation' };
const FIELD = { id: 61, name: 'Field Operations (Overtime)' };

const today = firmToday();
const monday = mondayOf(today);
const lastMonday = addDays(monday, -7);
const weekdays = [0, 1, 2, 3, 4];

/** This week's weekdays that are holidays of either country's list, by date. */
const holidays = new Set(
  [...new Set([monday.slice(0, 4), addDays(monday, 6).slice(0, 4)])].flatMap((year) =>
    holidayCalendar(Number(year)).countries.flatMap((c) => c.holidays.map((h) => h.date)),
  ),
);
const workdays = weekdays.map((d) => addDays(monday, d)).filter((date) => !holidays.has(date));
// The leave day and the day already entered: the first two weekdays of this week that are no holiday.
const [enteredDay, leaveDay] = workdays;

async function asRita(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post('/api/auth/dev/sign-in', { data: { staffId: RITA.id } });
  expect(signIn.status()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

async function enter(
  request: APIRequestContext,
  auth: Record<string, string>,
  projectId: number,
  items: { date: string; hours: string; overtimeHours: string | null; comment: string }[],
): Promise<void> {
  const answer = await request.post('/api/timesheets', {
    headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
    data: { projectId, subProjectId: null, items, confirmLate: true },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

/** Last week for Rita, this week's leave day and the day already entered, through the API. */
async function seedRita(request: APIRequestContext): Promise<void> {
  const auth = await asRita(request);
  const lastWeek = weekdays.map((d) => addDays(lastMonday, d));
  await enter(
    request,
    auth,
    RELOCATION.id,
    lastWeek.map((date, i) => ({
      date,
      hours: '8',
      overtimeHours: null,
      comment: `Relocation survey ${i + 1}`,
    })),
  );
  await enter(request, auth, FIELD.id, [
    { date: lastWeek[2], hours: '6', overtimeHours: '2', comment: 'Crew support' },
  ]);
  await enter(request, auth, RELOCATION.id, [
    { date: enteredDay, hours: '4', overtimeHours: null, comment: 'Entered by hand' },
  ]);
  const leave = await request.post('/api/leave', {
    headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
    data: { leaveType: 'Vacation', fromDate: leaveDay, toDate: leaveDay, notes: 'Copy test' },
  });
  expect(leave.status(), await leave.text()).toBe(201);
}

function copyCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Copy last week' });
}

function copiedRow(card: Locator, date: string, project: string): Locator {
  return card.getByRole('group', { name: `${tableDate(date)}, ${project}` });
}

test.describe('copy last week', () => {
  test('Rita copies last week: holidays, leave and entered days skipped; one row edited, one removed; submitted', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await seedRita(page.request);
    const screen = new TimesheetScreen(page);
    await screen.openAs(RITA.name);
    const card = copyCard(page);
    await card.getByRole('button', { name: 'Copy last week' }).click();

    // What was skipped, and why.
    const skipped = card.getByRole('list', { name: 'Not copied' });
    await expect(skipped.getByRole('listitem').filter({ hasText: copyMsg.leave('Vacation') })).toContainText(
      tableDate(leaveDay),
    );
    await expect(
      skipped.getByRole('listitem').filter({ hasText: copyMsg.alreadyEntered(RELOCATION.name) }),
    ).toContainText(tableDate(enteredDay));
    for (const date of weekdays.map((d) => addDays(monday, d)).filter((d) => holidays.has(d))) {
      await expect(skipped.getByRole('listitem').filter({ hasText: tableDate(date) })).toContainText(
        'Not copied: a holiday (',
      );
    }

    // The rows: 33 on every workday but the leave day and the day entered, 61 on Wednesday if it works.
    const wednesday = addDays(monday, 2);
    const relocationDays = workdays.filter((d) => d !== enteredDay && d !== leaveDay);
    const fieldCopied = workdays.includes(wednesday) && wednesday !== leaveDay;
    const rows = card.getByRole('list', { name: /^Copied entries/ }).getByRole('listitem');
    await expect(rows).toHaveCount(relocationDays.length + (fieldCopied ? 1 : 0));
    for (const date of relocationDays) {
      const row = copiedRow(card, date, RELOCATION.name);
      await expect(row.getByRole('textbox', { name: 'Hours' })).toHaveValue('8');
      await expect(row.getByRole('textbox', { name: 'Activity Comment' })).toHaveValue(
        /^Relocation survey \d$/,
      );
    }
    if (fieldCopied) {
      const row = copiedRow(card, wednesday, FIELD.name);
      await expect(row.getByRole('textbox', { name: 'Overtime Hours' })).toHaveValue('2');
    }

    // Edit the first row, remove the last one.
    const [edited, ...others] = relocationDays;
    const removed = others.at(-1);
    const editedRow = copiedRow(card, edited, RELOCATION.name);
    await screen.typeNumber(editedRow.getByRole('textbox', { name: 'Hours' }), '7.5');
    await editedRow.getByRole('textbox', { name: 'Activity Comment' }).fill('Survey, copied and changed');
    if (removed) {
      await card.getByRole('button', { name: `Remove ${tableDate(removed)}, ${RELOCATION.name}` }).click();
      await expect(copiedRow(card, removed, RELOCATION.name)).toHaveCount(0);
    }
    const submitted = relocationDays.filter((d) => d !== removed);
    const count = submitted.length + (fieldCopied ? 1 : 0);
    await card.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, copyMsg.saved(count))).toBeVisible();
    await expect(card.getByRole('list', { name: /^Copied entries/ })).toHaveCount(0);

    // The week shows them: the edited row with its hours and comment, the removed day not.
    await screen.filter(RELOCATION.name, monday, addDays(monday, 6));
    await expect(screen.dataRows(RELOCATION.name)).toHaveCount(submitted.length + 1);
    const saved = screen.row(RELOCATION.name, edited);
    await expect(saved).toContainText('Survey, copied and changed');
    expect(await screen.cellText(saved, 'Hours')).toBe('7.5');
    if (removed) await expect(screen.row(RELOCATION.name, removed)).toHaveCount(0);

    // A second copy doubles nothing: only the removed day is offered again.
    await card.getByRole('button', { name: 'Copy last week' }).click();
    const again = card.getByRole('list', { name: /^Copied entries/ }).getByRole('listitem');
    if (removed) {
      await expect(again).toHaveCount(1);
      await expect(copiedRow(card, removed, RELOCATION.name)).toBeVisible();
    } else {
      await expect(card.getByText(copyMsg.nothingLeft)).toBeVisible();
    }
    const notCopied = card.getByRole('list', { name: 'Not copied' }).getByRole('listitem');
    for (const date of submitted) {
      const said = notCopied
        .filter({ hasText: tableDate(date) })
        .filter({ hasText: copyMsg.alreadyEntered(RELOCATION.name) });
      await expect(said).toHaveCount(1);
    }
    await card.getByRole('button', { name: removed ? 'Discard' : 'Close' }).click();
    await expect(card.getByRole('button', { name: 'Copy last week' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('Carlos reviews his copied week by keyboard and discards it; nothing is saved', async ({ page }) => {
      const screen = new TimesheetScreen(page);
      await screen.openAs(PEOPLE.carlos);
      const card = copyCard(page);
      const copy = card.getByRole('button', { name: 'Copy last week' });
      await copy.focus();
      await page.keyboard.press('Enter');
      const rows = card.getByRole('list', { name: /^Copied entries/ }).getByRole('listitem');
      await expect(rows.first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'the copied week on a phone');
      const hours = rows.first().getByRole('textbox', { name: 'Hours' });
      await hours.focus();
      await page.keyboard.press('Tab');
      await expect(hours).not.toBeFocused();
      await card.getByRole('button', { name: 'Discard' }).focus();
      await page.keyboard.press('Enter');
      await expect(copy).toBeVisible();
      await expect(card.getByRole('list', { name: /^Copied entries/ })).toHaveCount(0);
    });

    test('Alice, with no time last week, is told so and nothing changes', async ({ page }) => {
      await openAs(page, PEOPLE.alice, '/timesheets/create');
      const card = copyCard(page);
      await card.getByRole('button', { name: 'Copy last week' }).click();
      await expect(card.getByText(copyMsg.nothingLastWeek)).toBeVisible();
      await expect(card.getByRole('list', { name: /^Copied entries/ })).toHaveCount(0);
      await expectNoSidewaysScroll(page, 'the empty copy on a phone');
      await card.getByRole('button', { name: 'Close' }).click();
      await expect(card.getByRole('button', { name: 'Copy last week' })).toBeVisible();
    });
  });
});
