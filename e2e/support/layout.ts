import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * How far the page as a whole reaches past the window on the right, in CSS pixels: 0 or less when
 * nothing scrolls sideways (what a phone at 320 px must never do).
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page
    .locator('html')
    .evaluate((html: { scrollWidth: number; clientWidth: number }) => html.scrollWidth - html.clientWidth);
}

/** Fails, naming `where`, when the page scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where = 'the page'): Promise<void> {
  expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}
