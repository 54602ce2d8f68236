import type { Page } from '@playwright/test';

/** What the intercepted `POST /api/reports/embed` answers to a request body. */
export type EmbedAnswer = (body: unknown) => { status: number; json: unknown };

/**
 * The browser sees a portal with Power BI configured (the portal under test runs without it):
 * `/api/reports/status` says on, `/api/reports/embed` answers with `embed`, the page at `path`
 * gets the CSP `frame-src https://app.powerbi.com` a configured portal sends (both proven against
 * the real server with a Power BI double in timesheet-reports.int-spec.ts), and app.powerbi.com is
 * a stand-in page (it does not speak powerbi-client's protocol, so the report never says loaded).
 * Returns the embed request bodies, in order.
 */
export async function actAsPowerBiConfigured(
  page: Page,
  path: string,
  embed: EmbedAnswer,
): Promise<unknown[]> {
  const asked: unknown[] = [];
  await page.route('**/api/reports/status', (route) => route.fulfill({ json: { powerBi: true } }));
  await page.route('**/api/reports/embed', (route) => {
    const body: unknown = route.request().postDataJSON();
    asked.push(body);
    const answer = embed(body);
    return route.fulfill({ status: answer.status, json: answer.json });
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      headers['content-security-policy'] = headers['content-security-policy'].replace(
        'frame-src blob:',
        'frame-src https://app.powerbi.com blob:',
      );
      return route.fulfill({ response, headers });
    },
  );
  await page.route('https://app.powerbi.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Power BI</title></head><body><p>Report</p></body></html>',
    }),
  );
  return asked;
}
