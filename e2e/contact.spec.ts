import type { Page } from '@playwright/test';
import { checkOutboxMail } from './support/outbox';
import { receivedMails } from './support/smtp';
import { expect, expectNoAxeViolations, test } from './support/test';
import { expectNoSidewaysScroll } from './support/layout';
import { openAs, PEOPLE, sessionToken } from './support/portal';

/**
 * The Need Help? contact form (/user-help). The portal of the browser run mails over SMTP to the
 * run's own SMTP server (e2e/support/smtp.ts): the message is sent from the page and received
 * there. The outbox (/admin/outbox) records that it went, without its words.
 */

const SUPPORT = 'support@smartwork.example';
const DANA = 'Dana Developer';

function contactForm(page: Page) {
  return {
    name: page.getByRole('textbox', { name: 'Name' }),
    email: page.getByRole('textbox', { name: 'Email' }),
    message: page.getByRole('textbox', { name: 'Message' }),
    submit: page.getByRole('button', { name: 'Submit' }),
  };
}

test.describe('Need Help? contact form', () => {
  test('Carlos sends a message: success, the box clears, Submit disables, home after 2 s; the SMTP server receives it', async ({
    page,
    browser,
  }) => {
    await openAs(page, PEOPLE.carlos, '/');
    await page.getByRole('button', { name: `Account menu for ${PEOPLE.carlos}` }).click();
    await page.getByRole('menuitem', { name: 'Need Help?' }).click();
    await expect(page).toHaveURL(/\/user-help$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Need Help?' })).toBeVisible();
    await expect(page.getByText('You can send up to 5 messages an hour.')).toBeVisible();

    // Name and e-mail are the signed-in person's, and cannot be changed.
    const form = contactForm(page);
    await expect(form.name).toHaveValue(PEOPLE.carlos);
    await expect(form.name).toHaveAttribute('readonly', '');
    await expect(form.email).toHaveValue('carlos.contractor@smartwork.example');
    await expect(form.email).toHaveAttribute('readonly', '');

    // Nothing, or only spaces, cannot be sent.
    await expect(form.submit).toBeDisabled();
    await form.message.fill('   \n  ');
    await expect(form.submit).toBeDisabled();

    const message = 'My expense receipts will not upload from my phone. Could someone call me?';
    await form.message.fill(message);
    await expect(form.submit).toBeEnabled();
    // The page's clock stands still from here, so its two seconds are counted exactly, however
    // slow the machine.
    // (axe cannot run while the page's timers stand still: the form after sending is checked in the
    // phone test below, whose clock runs.)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await form.submit.click();

    await expect(page.getByRole('status').getByText('Email sent successfully')).toBeVisible();
    await expect(form.message).toHaveValue('');
    await expect(form.submit).toBeDisabled();
    // Two seconds later the page goes to '/' (not at once).
    await page.clock.runFor(1_900);
    await expect(page).toHaveURL(/\/user-help$/);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/$/);
    await page.clock.resume();

    // The run's SMTP server received exactly one mail from Carlos: to the support address,
    // Reply-To Carlos, his words in the body.
    const subject = `Need Help? message from ${PEOPLE.carlos}`;
    const fromCarlos = () => receivedMails().filter((mail) => mail.subject === subject);
    await expect.poll(() => fromCarlos().length, { timeout: 30_000 }).toBe(1);
    const [received] = fromCarlos();
    expect(received.to).toEqual([SUPPORT]);
    expect(received.replyTo).toBe('carlos.contractor@smartwork.example');
    expect(received.text.replace(/\r\n/g, '\n')).toContain(message);

    // Admins see on the outbox that it went and to whom, but not Carlos's words.
    await checkOutboxMail(browser, subject, async (mail) => {
      await expect(mail).toContainText(SUPPORT);
      await expect(mail).toContainText('(support message — delivered to the support address)');
      await expect(mail).not.toContainText('receipts will not upload');
    });
  });

  test("a server error or a lost connection shows 'Error sending email' and keeps the message", async ({
    page,
  }) => {
    await openAs(page, PEOPLE.carlos, '/user-help');
    const form = contactForm(page);
    await form.message.fill('Please reset my VPN token.');

    await page.route('**/api/help/support-messages', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'boom',
          problems: [],
        }),
      }),
    );
    await form.submit.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error sending email' });
    await expect(alert).toBeVisible();
    await expect(alert).not.toContainText('boom');
    await expect(page.getByText('Email sent successfully')).toHaveCount(0);
    await expect(form.message).toHaveValue('Please reset my VPN token.');
    await expect(form.submit).toBeEnabled();
    await expectNoAxeViolations(page, 'contact form after a server error');

    await page.unroute('**/api/help/support-messages');
    await page.route('**/api/help/support-messages', (route) => route.abort('internetdisconnected'));
    await form.message.fill('Please reset my VPN token, second try.');
    await expect(alert).toHaveCount(0);
    await form.submit.click();
    await expect(alert).toBeVisible();
    await expect(form.message).toHaveValue('Please reset my VPN token, second try.');

    // Still on the page: nothing went, so nothing sends the person away.
    await page.waitForTimeout(2_500);
    await expect(page).toHaveURL(/\/user-help$/);
  });

  test('the sixth message within an hour is refused with the limit and when to try again', async ({
    page,
  }) => {
    await openAs(page, DANA, '/');
    const token = await sessionToken(page);
    for (let i = 1; i <= 5; i++) {
      const answer = await page.request.post('/api/help/support-messages', {
        headers: { Authorization: `Bearer ${token}` },
        data: { message: `Question ${i}` },
      });
      expect(answer.status()).toBe(201);
    }

    await page.goto('/user-help');
    const form = contactForm(page);
    await form.message.fill('Question 6');
    await form.submit.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error sending email' });
    await expect(alert).toContainText(
      /You have sent 5 messages in the last hour\. Please try again after \d{1,2}:\d{2} (AM|PM)\./,
    );
    await expect(form.message).toHaveValue('Question 6');
    await expect(page).toHaveURL(/\/user-help$/);
  });

  test('signed-out visitors are sent to the landing page', async ({ page }) => {
    await page.goto('/user-help');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  });

  test.describe('on a phone (320 px)', () => {
    test.use({ viewport: { width: 320, height: 640 } });

    test('the form fits without sideways scroll and can be sent', async ({ page }) => {
      await openAs(page, PEOPLE.alice, '/user-help');
      const form = contactForm(page);
      await expect(form.message).toBeVisible();
      await form.message.fill('Sent from my phone.');
      await expectNoSidewaysScroll(page);
      await form.submit.click();
      await expect(page.getByText('Email sent successfully')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expect(page).toHaveURL(/\/user-help$/);
      await expectNoAxeViolations(page, 'contact form after sending');
    });
  });
});
