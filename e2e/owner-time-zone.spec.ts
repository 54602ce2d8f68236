import { expect, test } from './support/test';
import {
  calendarDayName,
  choose,
  firmToday,
  openAs,
  PEOPLE,
  sessionToken,
  signInInstead,
  toast,
} from './support/portal';
import { runNow, testTimeZone } from './support/test-now';

/*
 * Each owner's business dates are days of its own time zone (issue 25). Sofia (Sightstream's admin)
 * moves owner 2 to a zone whose date differs from Calgary's at the run's instant; Sam, of owner 2,
 * then lives in that zone's day while Carlos stays in Calgary's. The zone goes back at the end, so
 * the worker's other specs find owner 2 as the seed left it.
 */
const SOFIA = 'Sofia Supervisor';
const SAM = 'Sam Sightstream';

/** The date of the run's "now" in a zone. */
const dateIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(runNow());

/**
 * UTC+14 or UTC-11: one of them is always on another date than Calgary (UTC-7 or -6): Kiritimati
 * from 03:00 in Calgary on, Pago Pago before it.
 */
const OTHER_ZONE = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => dateIn(zone) !== firmToday())!;

/** The wall clock in a zone, some minutes from the run's "now", as a datetime-local field takes it. */
const wallClockIn = (zone: string, minutes: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(runNow().getTime() + minutes * 60_000))
    .replace(' ', 'T');

const todayLine = (date: string, zone: string) => `Today is ${calendarDayName(date)} (${zone}).`;

test("each person's today is a day of their owner's time zone", async ({ page }) => {
  await openAs(page, PEOPLE.carlos, '/home');
  await expect(page.getByText(todayLine(firmToday(), testTimeZone()))).toBeVisible();

  await signInInstead(page, SOFIA);
  const sofia = await sessionToken(page);
  try {
    await page.goto('/admin/settings');
    const section = page.getByRole('region', { name: 'Sightstream' });
    await expect(section.getByText(`Time zone: ${testTimeZone()}`)).toBeVisible();
    const field = section.getByRole('combobox', { name: 'Time zone of Sightstream' });
    await field.fill(OTHER_ZONE.split('/')[1]!);
    await page.getByRole('listbox').getByRole('option', { name: OTHER_ZONE, exact: true }).click();
    await section.getByRole('button', { name: 'Change time zone' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change the time zone?' });
    await expect(dialog).toContainText(`Sightstream moves from ${testTimeZone()} to ${OTHER_ZONE}.`);
    await dialog.getByRole('button', { name: 'Change' }).click();
    await expect(toast(page, `The time zone is now ${OTHER_ZONE}.`)).toBeVisible();
    await expect(section.getByText(`Time zone: ${OTHER_ZONE}`)).toBeVisible();

    // The audit has the change, before → after, its time on Sightstream's new wall clock.
    await page.goto('/audit');
    await expect(page.getByText(`Times are in ${OTHER_ZONE}.`)).toBeVisible();
    const filters = page.getByRole('form', { name: 'Search the history' });
    await choose(filters, page, 'Entity kind', 'Owner');
    await filters.getByLabel('Entity id').fill('2');
    await filters.getByRole('button', { name: 'Search' }).click();
    const change = page
      .getByRole('grid', { name: 'Audit results' })
      .getByRole('row')
      .filter({ hasText: 'timeZone' });
    await expect(change).toHaveCount(1);
    await expect(change).toContainText(`timeZone: (none) → ${OTHER_ZONE}`);
    const zoneName = new Intl.DateTimeFormat('en-US', { timeZone: OTHER_ZONE, timeZoneName: 'short' })
      .formatToParts(runNow())
      .find((part) => part.type === 'timeZoneName')!.value;
    await expect(change).toContainText(`${dateIn(OTHER_ZONE)} `);
    await expect(change).toContainText(` ${zoneName}`);

    // From and To are read on the same wall clock: an hour either side of now there finds the
    // change; the hour after it does not (in UTC or in Calgary those times name other instants).
    const from = filters.getByLabel(`From (${OTHER_ZONE})`);
    const to = filters.getByLabel(`To (${OTHER_ZONE})`);
    await from.fill(wallClockIn(OTHER_ZONE, -60));
    await to.fill(wallClockIn(OTHER_ZONE, 60));
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(change).toHaveCount(1);
    await from.fill(wallClockIn(OTHER_ZONE, 60));
    await to.fill(wallClockIn(OTHER_ZONE, 120));
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Nothing recorded matches these filters.')).toBeVisible();

    await signInInstead(page, SAM);
    await page.goto('/home');
    await expect(page.getByText(todayLine(dateIn(OTHER_ZONE), OTHER_ZONE))).toBeVisible();

    // The timesheet's calendar says "Today" on Sightstream's day, not on the browser's (Calgary's).
    await page.goto('/timesheets/create');
    const today = page.getByRole('button', { name: /^Today, / });
    await expect(today).toHaveCount(1);
    await expect(today).toHaveAccessibleName(new RegExp(`^Today, ${calendarDayName(dateIn(OTHER_ZONE))}`));
    await expect(today).toHaveAttribute('aria-current', 'date');
  } finally {
    const back = await page.request.put('/api/admin/owners/2/time-zone', {
      headers: { Authorization: `Bearer ${sofia}`, 'Idempotency-Key': crypto.randomUUID() },
      data: { timeZone: testTimeZone() },
    });
    expect(back.status()).toBe(200);
  }
});
