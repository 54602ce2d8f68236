import type { APIRequestContext, Page } from '@playwright/test';
import type { CodeOfConductStatus, MonthAtAGlance } from '@portal/contracts';
import { openAs, toast, firmToday } from './support/portal';
import { expect, expectNoAxeViolations, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';

/** Dana's date of birth: 35 years before the run's year. */
const DOB = `${Number(firmToday().slice(0, 4)) - 35}-02-14`;

/**
 * What a person reads and does about themselves, on the demo data: Dana Developer's profile (a
 * birth date and licence an admin stored through the API first, cleared again at the end), her
 * code of conduct acknowledgement (No and Escape untick, Yes records it; it stays locked after a
 * reload), the column admins see on Staff Review, and her month at a glance on /home. Every page
 * opened here passes the axe check (e2e/support/test.ts).
 */
const DANA = { id: 4, name: 'Dana Developer' };
const ALICE = { id: 1, name: 'Alice Admin' };

async function tokenOf(request: APIRequestContext, staffId: number): Promise<string> {
  const signIn = await request.post('/api/auth/dev/sign-in', { data: { staffId } });
  expect(signIn.status()).toBe(200);
  return ((await signIn.json()) as { token: string }).token;
}

/** Alice (admin) sets or clears Dana's sensitive fields through Staff Review's API. */
async function setDanasSensitiveFields(request: APIRequestContext, values: Record<string, string | null>) {
  const answer = await request.put(`/api/admin/staff/${DANA.id}`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, ALICE.id)}` },
    data: values,
  });
  expect(answer.status()).toBe(200);
}

async function getAsDana<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(path, {
    headers: { Authorization: `Bearer ${await tokenOf(request, DANA.id)}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as T;
}

/** The value shown beside a label of the profile's description list. */
const profileValue = (page: Page, label: string) =>
  page
    .locator('.profile__row')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test.describe.serial('self-service: profile, code of conduct and the month at a glance', () => {
  test.afterAll(async ({ request }) => {
    await setDanasSensitiveFields(request, {
      dob: null,
      drivingLicenseNumber: null,
      drivingLicenseState: null,
    });
  });

  test('the profile shows her own fields, Not provided for empty ones, and Show reveals a masked one', async ({
    page,
    request,
  }) => {
    await setDanasSensitiveFields(request, {
      dob: DOB,
      drivingLicenseNumber: 'BC-7731902',
      drivingLicenseState: 'BC',
    });
    await openAs(page, DANA.name, '/home');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Employee Profile' })
      .click();
    await expect(page.getByRole('heading', { name: 'Employee Profile', level: 1 })).toBeVisible();

    await expect(profileValue(page, 'First Name')).toHaveText('Dana');
    await expect(profileValue(page, 'Last Name')).toHaveText('Developer');
    await expect(profileValue(page, 'Email')).toHaveText('dana.developer@smartwork.example');
    await expect(profileValue(page, 'City')).toHaveText('Vancouver');
    await expect(profileValue(page, 'Home Phone')).toHaveText('Not provided');
    await expect(profileValue(page, 'Middle Name')).toHaveText('Not provided');

    // Sensitive fields masked until Show.
    await expect(profileValue(page, 'Date of Birth')).toContainText('••••');
    await expect(profileValue(page, 'Date of Birth')).not.toContainText(DOB);
    await expect(profileValue(page, "Driver's Licence Number")).toContainText('•••• 1902');
    await page.getByRole('button', { name: 'Show Date of Birth' }).click();
    await expect(profileValue(page, 'Date of Birth')).toContainText(DOB);
    await expectNoAxeViolations(page, '/profile with a value shown');
    await page.getByRole('button', { name: 'Hide Date of Birth' }).click();
    await expect(profileValue(page, 'Date of Birth')).not.toContainText(DOB);

    // A phone's width: no sideways scroll.
    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);
  });

  test('code of conduct: No and Escape untick, Yes acknowledges, and the box stays locked after a reload', async ({
    page,
    request,
  }) => {
    await openAs(page, DANA.name, '/codeOfConduct');
    await expect(page.getByRole('heading', { name: 'Code of Conduct', level: 1 })).toBeVisible();
    await expect(page.getByText('No acknowledgement yet.')).toBeVisible();
    const box = page.getByRole('checkbox', { name: 'I acknowledge' });
    const label = page.locator('label').filter({ has: box });
    const question = page.getByRole('alertdialog', { name: 'Code of Conduct' });

    await label.click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'No' }).click();
    await expect(question).toBeHidden();
    await expect(box).not.toBeChecked();

    await label.click();
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(box).not.toBeChecked();

    await label.click();
    await expectNoAxeViolations(page, '/codeOfConduct asking');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'Acknowledged.')).toBeVisible();
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();

    const { acknowledgedAt } = await getAsDana<CodeOfConductStatus>(request, '/api/me/code-of-conduct');
    expect(acknowledgedAt).not.toBeNull();
    // The long en-US format with the time zone, in the browser's own time zone.
    const shown = await page.evaluate(
      (at) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'long' }).format(new Date(at)),
      acknowledgedAt!,
    );
    expect(shown).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} [AP]M \S+/);
    const line = `Acknowledged by ${DANA.name} on ${shown}`;
    await expect(page.getByText(line)).toBeVisible();
    await expectNoAxeViolations(page, '/codeOfConduct acknowledged');

    await page.reload();
    await expect(page.getByText(line)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'I acknowledge' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'I acknowledge' })).toBeDisabled();

    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);
  });

  test('the employee dashboard shows the month’s figures, each leading where she can act', async ({
    page,
    request,
  }) => {
    await openAs(page, DANA.name, '/home');
    const month = await getAsDana<MonthAtAGlance>(request, '/api/me/month');
    const glance = page.getByRole('list', { name: /^Your month at a glance/ });
    await expect(glance).toBeVisible();

    const item = (title: string) =>
      glance.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(item('Hours entered')).toContainText(`${month.hours} h`);
    for (const line of month.expenses) await expect(item('Expenses entered')).toContainText(line.currency);
    const missing = item('Working days without time');
    if (month.missingDays.length > 0) {
      await expect(missing).toContainText(`${month.missingDays.length} day`);
      await expect(missing.getByRole('link', { name: 'Enter the missing days' })).toHaveAttribute(
        'href',
        '/timesheets/create',
      );
    } else {
      await expect(missing).toContainText('None');
    }
    for (const period of month.periods) await expect(item('Periods')).toContainText(period.projectName);
    await expect(item('Code of Conduct')).toContainText('Acknowledged on');
    await expect(item('Onboarding checklist')).toContainText(`${month.onboardingDone} of 16 done`);
    await expect(item('Holidays coming up').getByRole('listitem')).toHaveCount(month.upcomingHolidays.length);
    await expect(item('Hours entered').getByRole('link', { name: 'Add or check your time' })).toHaveAttribute(
      'href',
      '/timesheets/create',
    );

    // The period board below still shows her own periods.
    await expect(page.getByRole('grid', { name: 'Your periods' })).toBeVisible();
    await expectNoAxeViolations(page, '/home of an employee');

    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);
  });

  test('an admin sees who has acknowledged the code of conduct on Staff Review', async ({ page }) => {
    await openAs(page, ALICE.name, '/admin/staffs/review');
    const grid = page.getByRole('grid', { name: 'Staff' });
    await expect(grid.getByRole('columnheader', { name: /Code of Conduct/ })).toBeVisible();
    const rowOf = (name: string) => grid.getByRole('row').filter({ hasText: name });
    await expect(rowOf(DANA.name)).not.toContainText('Not yet');
    await expect(rowOf('Rita Receipts')).toContainText('Not yet');
  });
});
