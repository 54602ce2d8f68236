import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { DEMO_PEOPLE } from '../seed/demo-data';
import { createBenchDatabase } from './bench-database';
import { PortalProcess } from './idle';
import { progress } from './measure';

/**
 * The Largest Contentful Paint of a contractor's first screen, `/timesheets/create`, on a phone
 * over a slow link (issue 26): Debian's Chromium (never a downloaded browser) on a phone viewport,
 * the CPU slowed 4× and the network held to 1.6 Mbps down, 750 kbps up, 150 ms latency (CDP), each
 * run in a fresh context (empty cache), signed in as the demo seed's contractor on a portal started
 * for the bench (dist/main.js, which serves web/dist). LCP is read in the page from a buffered
 * PerformanceObserver('largest-contentful-paint') once the page has settled.
 */

export const LCP_ROUTE = '/timesheets/create';
export const LCP_GOAL_SECONDS = 2.5;
export const LCP_FIGURE = `LCP ${LCP_ROUTE} (CPU ×4, 1.6 Mbps)`;

/** The browser tests' Chromium; CHROMIUM_PATH names another binary (as in e2e/support/chromium.ts). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags the browser tests start it with (one list, e2e/support/chromium-args.json). */
const CHROMIUM_ARGS = join(__dirname, '..', '..', '..', '..', 'e2e', 'support', 'chromium-args.json');
/** Where the session token lives in the page (web/src/lib/session.ts). */
const SESSION_TOKEN_KEY = 'portal.session.token';

/** Lighthouse's mobile profile, in the units CDP takes (bytes per second, milliseconds). */
export const THROTTLING = {
  cpuRate: 4,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
  latencyMs: 150,
} as const;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/**
 * Run in the page (a string: the bench is not compiled with the DOM library): the last
 * largest-contentful-paint entry's start, in milliseconds from the navigation's start, and its element.
 */
const READ_LCP = `new Promise((resolve, reject) => {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    const element = last.element
      ? last.element.tagName.toLowerCase() + ' "' + (last.element.textContent || '').trim().slice(0, 40) + '"'
      : 'a removed element';
    resolve({ startTime: last.startTime, element });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => reject(new Error('no largest-contentful-paint entry')), 10000);
})`;

export type LcpResult =
  | {
      readonly measured: true;
      readonly runsSeconds: readonly number[];
      readonly medianSeconds: number;
      /** The largest element of each run, e.g. `h1 "Timesheets"`. */
      readonly elements: readonly string[];
    }
  | { readonly measured: false; readonly reason: string };

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One cold load of the route, signed in with `token`; the LCP in seconds from the navigation's start. */
async function oneRun(
  browser: Browser,
  baseUrl: string,
  token: string,
): Promise<{ seconds: number; element: string }> {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  try {
    const page = await context.newPage();
    // The token in place before the page's own scripts run, as the sign-in leaves it.
    await page.addInitScript(
      `sessionStorage.setItem(${JSON.stringify(SESSION_TOKEN_KEY)}, ${JSON.stringify(token)})`,
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: THROTTLING.downloadBytesPerSecond,
      uploadThroughput: THROTTLING.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate });
    await page.goto(LCP_ROUTE, { waitUntil: 'load', timeout: 120_000 });
    // The page is there and its own requests are done: no later paint is larger.
    await page.getByRole('heading', { name: 'Timesheets', exact: true }).waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const lcp = await page.evaluate<{ startTime: number; element: string }>(READ_LCP);
    return { seconds: lcp.startTime / 1000, element: lcp.element };
  } finally {
    await context.close();
  }
}

/**
 * `runs` cold loads of /timesheets/create on a portal of its own (a fresh database `adminUrl`'s
 * server creates, migrated and seeded with the demo by the portal itself, dropped at the end).
 * Without Chromium it answers why it did not measure.
 */
export async function benchLcp(adminUrl: string, runs: number): Promise<LcpResult> {
  if (!existsSync(CHROMIUM)) return { measured: false, reason: `no Chromium at ${CHROMIUM}` };
  const database = await createBenchDatabase(adminUrl, 1);
  try {
    await database.close();
    progress('LCP: starting the portal (demo seed) in a child process');
    const portal = await PortalProcess.start({
      DATABASE_URL: database.url,
      PORTAL_ROLES: 'api,projector,worker',
      SEED_DEMO: 'true',
      REDIS_URL: undefined,
      EVENTSTORE_URL: undefined,
    });
    try {
      const contractor = DEMO_PEOPLE.carlos;
      const signIn = await portal.json<{ token: string }>('POST', '/api/auth/dev/sign-in', undefined, {
        staffId: contractor.staffId,
      });
      if (signIn.status !== 200) throw new Error(`Dev sign-in answered ${signIn.status}`);
      const args = JSON.parse(readFileSync(CHROMIUM_ARGS, 'utf8')) as string[];
      const browser = await chromium.launch({ executablePath: CHROMIUM, args });
      try {
        // One untimed load first: the portal compresses each file on its first request only.
        await oneRun(browser, portal.baseUrl, signIn.body.token);
        const runsSeconds: number[] = [];
        const elements = new Set<string>();
        for (let run = 0; run < runs; run += 1) {
          const { seconds, element } = await oneRun(browser, portal.baseUrl, signIn.body.token);
          progress(`LCP ${LCP_ROUTE}, run ${run + 1}/${runs}: ${seconds.toFixed(2)} s (${element})`);
          runsSeconds.push(seconds);
          elements.add(element);
        }
        return { measured: true, runsSeconds, medianSeconds: median(runsSeconds), elements: [...elements] };
      } finally {
        await browser.close();
      }
    } finally {
      await portal.stop();
    }
  } finally {
    await database.drop().catch(() => undefined);
  }
}
