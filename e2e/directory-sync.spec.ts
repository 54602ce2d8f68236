import type { Page } from '@playwright/test';
import {
  graphEnvFor,
  graphUser,
  startGraphStandIn,
  TEST_GRAPH_APP,
  type GraphStandIn,
} from '../services/portal/test/graph-stand-in';
import { expectNoSidewaysScroll } from './support/layout';
import { openAs } from './support/portal';
import { startSpecPortal } from './support/run-portal';
import { expect, specPortalPort, test as runTest, testOnSpecPortal as test } from './support/test';

/**
 * Staff Review's Sync from directory, in the browser against the real server. The worker's portal
 * has no GRAPH_* (the button is absent there); this spec starts a portal of its own on a copy of
 * the run's seeded database (e2e/support/run-portal.ts) with GRAPH_* pointing at the Graph stand-in
 * (services/portal/test/graph-stand-in.ts), which plays the directory, its throttling and a failure.
 */

let graph: GraphStandIn;
let portal: { stop(): Promise<void> } | undefined;

test.beforeAll(async ({ portal: workerPortal }, workerInfo) => {
  test.setTimeout(330_000);
  graph = await startGraphStandIn({
    ...TEST_GRAPH_APP,
    pageSize: 2,
    users: [
      graphUser(1),
      graphUser(2),
      graphUser(3, 'sightstream.example'),
      graphUser(4, 'elsewhere.example'),
    ],
  });
  portal = await startSpecPortal(
    `directory_sync_w${workerInfo.parallelIndex}`,
    specPortalPort(workerPortal.port),
    graphEnvFor(graph),
  );
});

test.afterAll(async () => {
  await portal?.stop();
  await graph?.close();
});

const syncArea = (page: Page) => page.locator('.staff-admin__sync');

test('an admin syncs the staff from the directory and sees what changed, and a failure has a way out', async ({
  page,
}) => {
  await openAs(page, 'Alice Admin', '/admin/staffs/review');
  const sync = page.getByRole('button', { name: 'Sync from directory' });
  const result = syncArea(page).getByRole('status');

  // Graph throttles the first request for 2 s: the run shows it is working meanwhile.
  graph.fail(1, 429, { retryAfterSeconds: 2 });
  await sync.click();
  await expect(result).toHaveText('Reading the directory…');
  await expect(result).toHaveText('Directory sync done: 3 created, 0 updated, 0 deactivated, 0 unchanged.');
  const staff = page.getByRole('grid', { name: 'Staff' });
  await expect(staff.getByRole('row').filter({ hasText: 'Directory Person1' })).toContainText('Yes');

  // The directory cannot be read: a plain sentence, Try again and Dismiss.
  graph.change(graphUser(2).id, { accountEnabled: false });
  graph.fail(1, 400);
  await sync.click();
  const failure = syncArea(page).getByRole('alert');
  await expect(failure).toContainText('The directory could not be read just now. Nothing was lost');
  await failure.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failure).toHaveCount(0);

  graph.fail(1, 400);
  await sync.click();
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(result).toHaveText('Directory sync done: 0 created, 0 updated, 1 deactivated, 0 unchanged.');
  await expect(failure).toHaveCount(0);
  await expect(staff.getByRole('row').filter({ hasText: 'Directory Person2' })).toContainText('No');

  // On a phone the button, the result and a failure wrap within the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  graph.fail(1, 400);
  await sync.click();
  await expect(failure).toBeVisible();
  await expectNoSidewaysScroll(page);
});

runTest('without GRAPH_* Staff Review offers no directory sync', async ({ page }) => {
  await openAs(page, 'Alice Admin', '/admin/staffs/review');
  await expect(page.getByRole('button', { name: 'Add staff member' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync from directory' })).toHaveCount(0);
});
