import type { Page } from '@playwright/test';

/** The first request matching `url` answers 503 (a gateway hiccup); later ones reach the portal. */
export async function failOnce(page: Page, url: string): Promise<void> {
  let failed = false;
  await page.route(url, async (route) => {
    if (failed) return route.fallback();
    failed = true;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, message: 'upstream connect error' }),
    });
  });
}
