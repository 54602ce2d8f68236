import { openAs, toast } from './support/portal';
import { expect, expectNoAxeViolations, test } from './support/test';

/**
 * The missing-time reminder's switch on Rita Receipts's profile: on by default, turned off with
 * the keyboard and back on with the pointer, each choice still there after a reload (and asked
 * back from the API, as the daily job reads it).
 */
const RITA = { id: 6, name: 'Rita Receipts' };

test('a person turns the missing-time mail off and back on, and the choice persists', async ({
  page,
  request,
}) => {
  await openAs(page, RITA.name, '/profile');
  const mailSwitch = page.getByRole('switch', { name: 'Email me when time is missing' });
  await expect(mailSwitch).toBeChecked();
  await expectNoAxeViolations(page, '/profile with the reminders switch');

  await mailSwitch.focus();
  await page.keyboard.press('Space');
  await expect(toast(page, 'You will no longer be emailed when time is missing.')).toBeVisible();
  await expect(mailSwitch).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email me when time is missing' })).not.toBeChecked();

  const signIn = await request.post('/api/auth/dev/sign-in', { data: { staffId: RITA.id } });
  const { token } = (await signIn.json()) as { token: string };
  const asked = await request.get('/api/reminders/preferences', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await asked.json()).toEqual({ missingTimeEmail: false });

  await page.getByText('Email me when time is missing').click();
  await expect(toast(page, 'You will be emailed when time is missing.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email me when time is missing' })).toBeChecked();
});
