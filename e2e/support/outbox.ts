import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, pinBrowserClock } from './test';
import { PEOPLE, openAs } from './portal';

/**
 * What an admin finds on /admin/outbox (every mail the portal sent; the browser run also delivers
 * them to its SMTP receiver, e2e/support/smtp.ts): in a browser context of its
 * own, Alice waits (refreshing) until exactly one mail with `subject` is listed, opens its text
 * and hands the row to `check`; the page is then checked with axe (the shared fixture does not
 * see this context).
 */
export async function checkOutboxMail(
  browser: Browser,
  subject: string,
  check: (mail: Locator, admin: Page) => Promise<void>,
): Promise<void> {
  const adminContext = await browser.newContext();
  await pinBrowserClock(adminContext);
  try {
    const admin = await adminContext.newPage();
    await openAs(admin, PEOPLE.alice, '/');
    await admin.goto('/admin/outbox');
    const outbox = admin.getByRole('grid', { name: 'Mail outbox' });
    const mails = outbox.getByRole('row').filter({ hasText: subject });
    // The mail is written by a job in the server; refresh until it is there.
    await expect(async () => {
      await admin.getByRole('button', { name: 'Refresh' }).click();
      await expect(mails).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    await mails.getByRole('button', { name: `Show text of ${subject}` }).click();
    await check(mails, admin);
    await expectNoAxeViolations(admin, 'outbox with a mail opened');
  } finally {
    await adminContext.close();
  }
}
