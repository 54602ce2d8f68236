// Fixed dates: the default instant itself (DEFAULT_TEST_NOW), shared by every test layer.
/**
 * "Now" of a whole test run, one setting for every layer:
 *
 * - PORTAL_NOW (an ISO-8601 instant) is "now" for the run. Unset, the run uses DEFAULT_TEST_NOW,
 *   so no result depends on the day the suite runs.
 * - jest runs this file first in every test file (jest.config.js `setupFiles`): the integration
 *   harness starts its FixedClock there and the tests derive their dates from `pinnedInstant()`.
 * - The browser tests (playwright.config.ts calls `pinTestRun()`) also set PORTAL_NOW_AT, the real
 *   moment at which "now" is PORTAL_NOW. The portal they start (config PORTAL_NOW, PORTAL_NOW_AT),
 *   the test process (`runNow()`) and the browser (Playwright's clock, e2e/support/test.ts) all
 *   tick on from that same pair, so at any real moment they agree on "now" to the millisecond.
 */

/** Monday 2026-11-23, 10:00 UTC: the instant every layer uses when PORTAL_NOW is unset. */
export const DEFAULT_TEST_NOW = '2026-11-23T10:00:00.000Z';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function instant(name: string, text: string): number {
  const ms = Date.parse(text);
  if (!INSTANT.test(text) || Number.isNaN(ms)) {
    throw new Error(`${name}=${text} is not an ISO-8601 instant such as ${DEFAULT_TEST_NOW}`);
  }
  return ms;
}

/** Makes sure PORTAL_NOW is set (to the default when it is not); returns it. */
export function pinTestInstant(env: NodeJS.ProcessEnv = process.env): string {
  env.PORTAL_NOW ||= DEFAULT_TEST_NOW;
  instant('PORTAL_NOW', env.PORTAL_NOW);
  return env.PORTAL_NOW;
}

/** For a run with processes that tick: PORTAL_NOW holds at the real moment PORTAL_NOW_AT (now, once). */
export function pinTestRun(env: NodeJS.ProcessEnv = process.env): void {
  pinTestInstant(env);
  env.PORTAL_NOW_AT ||= new Date().toISOString();
  instant('PORTAL_NOW_AT', env.PORTAL_NOW_AT);
}

/** The run's pinned instant itself (what a FixedClock of a jest test starts at). */
export function pinnedInstant(env: NodeJS.ProcessEnv = process.env): Date {
  return new Date(instant('PORTAL_NOW', pinTestInstant(env)));
}

/** "Now" of the run at this real moment: the pinned instant, moved on by the real time since PORTAL_NOW_AT. */
export function runNow(env: NodeJS.ProcessEnv = process.env): Date {
  const pinned = pinnedInstant(env).getTime();
  const since = env.PORTAL_NOW_AT ? instant('PORTAL_NOW_AT', env.PORTAL_NOW_AT) : Date.now();
  return new Date(pinned + (Date.now() - since));
}

/**
 * The time zone of the portals a test run starts (PORTAL_TIME_ZONE, default America/Edmonton, as
 * the portal's own default): every business date a test expects is a day of this zone.
 */
export function testTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  return env.PORTAL_TIME_ZONE || 'America/Edmonton';
}

// Loaded as a jest setup file (or imported anywhere): the run has its instant from here on.
pinTestInstant();
