import type { Page, Response } from '@playwright/test';
import {
  startPowerBiDouble,
  powerBiEnvFor,
  type PowerBiDouble,
  type PowerBiDoubleOptions,
} from '../services/portal/test/power-bi-double';
import { addDays, PEOPLE, firmToday, openAs } from './support/portal';
import { startSecondPortal, type SecondPortal } from './support/second-portal';
import { expect, specPortalPort, testOnSpecPortal as test } from './support/test';

/**
 * The analytics pages with Power BI configured (issue 11), in the browser against the real server.
 * The run's portal (playwright.config.ts) has no Power BI workspace, and the other specs need it
 * so, so this spec starts a second built portal of its own (e2e/support/second-portal.ts) with the
 * POWERBI_* variables pointing at the local stand-in of Azure AD's token endpoint and Power BI's
 * GenerateToken (services/portal/test/power-bi-double.ts), a report configured for ERP Time and
 * none for ERP Expenses. app.powerbi.com, where the report itself would load, is a stand-in page.
 */

const WORKSPACE = 'f089354e-8366-4e18-aea3-4cb4a3a50b48';
const ERP_TIME_REPORT = '55555555-5555-4555-8555-555555555555';
const DATASET = 'cfafbeb1-8037-4d0c-896e-a46fb27ff229';
const SECRET = 'e2e-client-secret-must-stay-on-the-server';
const DOUBLE: PowerBiDoubleOptions = {
  tenantId: 'contoso-tenant',
  clientId: 'portal-app',
  clientSecret: SECRET,
  workspaceId: WORKSPACE,
  reports: { [ERP_TIME_REPORT]: DATASET },
  // Far beyond the run: the portal never has to renew the embed token.
  expiration: `${addDays(firmToday(), 365)}T00:00:00Z`,
};
const TIMESHEET_REPORTS = {
  client: '11111111-1111-4111-8111-111111111111',
  internal: '22222222-2222-4222-8222-222222222222',
  otMonthly: '33333333-3333-4333-8333-333333333333',
  otBiweekly: '44444444-4444-4444-8444-444444444444',
};
const EMBED_URL = `https://app.powerbi.com/reportEmbed?reportId=${ERP_TIME_REPORT}&groupId=${WORKSPACE}`;
const ALICE_USERNAME = 'alice.admin@smartwork.example';

let port: number;

let double: PowerBiDouble;
let portal: SecondPortal;

test.beforeAll(async ({ portal: workerPortal }) => {
  // The second portal builds its database and seeds the demo data first (minutes on a busy machine).
  test.setTimeout(330_000);
  port = specPortalPort(workerPortal.port);
  double = await startPowerBiDouble(DOUBLE);
  portal = await startSecondPortal(port, {
    ...powerBiEnvFor(double, DOUBLE, TIMESHEET_REPORTS),
    POWERBI_REPORT_ERP_TIME: ERP_TIME_REPORT,
  });
});

test.afterAll(async () => {
  await portal?.stop();
  await double?.close();
});

/** Records the second portal's answers to the page; `bodies()` gives them as text (unreadable ones left out). */
function recordPortalResponses(page: Page): { bodies(): Promise<{ url: string; body: string }[]> } {
  const seen: Promise<{ url: string; body: string } | null>[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(`http://127.0.0.1:${port}/`)) return;
    seen.push(
      response
        .text()
        .then((body) => ({ url: response.url(), body }))
        .catch(() => null),
    );
  });
  return {
    bodies: async () =>
      (await Promise.all(seen)).filter((r): r is { url: string; body: string } => r !== null),
  };
}

test.describe('analytics pages with Power BI configured', () => {
  test('ERP Time embeds its report with the token the server fetched; the secret never reaches the browser', async ({
    page,
  }) => {
    await page.route('https://app.powerbi.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>Power BI</title></head><body><p>Report</p></body></html>',
      }),
    );
    const responses = recordPortalResponses(page);
    await openAs(page, PEOPLE.alice, '/');
    const embedAnswer = page.waitForResponse((r) => r.url().endsWith('/api/admin/analytics/erpTime/embed'));
    await page.goto('/admin/erpTime');
    await expect(page.getByRole('heading', { name: 'ERP Time', level: 1 })).toBeVisible();

    // The report, framed from app.powerbi.com, in place of the built-in charts.
    const report = page.getByRole('region', { name: 'ERP Time' });
    await expect(report).toBeVisible();
    const frame = report.locator('iframe');
    await expect(frame).toHaveAttribute('src', new RegExp(`^${EMBED_URL.replace(/[?.]/g, '\\$&')}`));
    // The configured policy lets the frame load (the stand-in page shows in it).
    await expect(report.frameLocator('iframe').getByText('Report', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hours by month' })).toHaveCount(0);
    await expect(page.getByRole('figure')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: /Export/ })).toHaveCount(0);

    // The embed token is the one Power BI generated for Alice, fetched by the server with its secret.
    const answer = await (await embedAnswer).json();
    expect(answer).toMatchObject({
      powerBi: true,
      embed: {
        reportId: ERP_TIME_REPORT,
        embedUrl: EMBED_URL,
        accessToken: `embed:${ERP_TIME_REPORT}:${ALICE_USERNAME}`,
      },
    });
    expect(double.tokenRequests().length).toBeGreaterThan(0);
    expect(double.tokenRequests().every((r) => r.body?.client_secret === SECRET)).toBe(true);
    const generated = double.generateTokenRequests();
    expect(generated.at(-1)?.body).toMatchObject({
      accessLevel: 'View',
      identities: [{ username: ALICE_USERNAME, datasets: [DATASET] }],
    });
    // Neither the secret nor Azure AD's token is in any answer the browser got, nor in the page.
    const aadTokens = double.requests
      .map((r) => r.authorization?.replace(/^Bearer /, ''))
      .filter((token): token is string => Boolean(token));
    expect(aadTokens.length).toBeGreaterThan(0);
    const bodies = await responses.bodies();
    expect(bodies.some((r) => r.url.endsWith('/embed'))).toBe(true);
    for (const { url, body } of bodies) {
      expect(body, url).not.toContain(SECRET);
      for (const token of aadTokens) expect(body, url).not.toContain(token);
    }
    const html = await page.content();
    expect(html).not.toContain(SECRET);
    for (const token of aadTokens) expect(html).not.toContain(token);
  });

  test('ERP Expenses, with no report configured, shows the built-in view', async ({ page }) => {
    await openAs(page, PEOPLE.alice, '/');
    const embedAnswer = page.waitForResponse((r) =>
      r.url().endsWith('/api/admin/analytics/erpExpenses/embed'),
    );
    await page.goto('/admin/erpExpenses');
    expect(await (await embedAnswer).json()).toEqual({ powerBi: false });
    await expect(page.getByRole('heading', { name: 'ERP Expenses', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Claimed by currency', level: 2 })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});
