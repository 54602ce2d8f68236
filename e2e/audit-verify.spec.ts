import { expect, test } from './support/test';
import { openAs, PEOPLE } from './support/portal';

/*
 * The browser run's portal keeps its log in the embedded PGlite data folder, which only the
 * portal process can open, so this test cannot edit a row by SQL: the check catching a row edited
 * by SQL is proven against PostgreSQL in services/portal/src/platform/event-store/
 * chain-verifier.int-spec.ts and modules/log-integrity/log-integrity.int-spec.ts (through the API).
 */
test('an admin checks the event log: every chain of the demo log holds', async ({ page }) => {
  await openAs(page, PEOPLE.alice, '/audit/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify the event log' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify the log' }).click();
  const result = page.getByRole('status').filter({ hasText: 'The log is intact.' });
  await expect(result).toBeVisible();
  const checked = Number((await result.innerText()).match(/([\d,]+) events checked/)?.[1].replace(/,/g, ''));
  expect(checked).toBeGreaterThan(0);
});

test('a contractor is refused the check by the server', async ({ page }) => {
  await openAs(page, PEOPLE.carlos, '/audit/verify');
  await page.getByRole('button', { name: 'Verify the log' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The log is intact.' })).toHaveCount(0);
});
