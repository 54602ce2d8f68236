import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * The accessibility check of the browser tests: axe-core (through @axe-core/playwright) run on a
 * page for the WCAG 2.0, 2.1 and 2.2 rules of levels A and AA. `e2e/support/test.ts` runs it on
 * every page a test opens (see `watchAccessibility`); tests call `expectNoAxeViolations` for a
 * state the automatic checks would not see (a dialog open, a phone menu expanded).
 */

export const WCAG_A_AA_TAGS: readonly string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe leaves its experimental rules out unless asked; these carry WCAG A/AA tags and are asked
 * for, so 'label in name' (2.5.3), orientation (1.3.4) and the table and heading structure
 * (1.3.1) are checked too.
 */
const EXPERIMENTAL_WCAG_RULES: readonly string[] = [
  'label-content-name-mismatch',
  'css-orientation-lock',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

/**
 * Nothing on a page is left out, react-aria's live announcer (a visually hidden log it adds to the
 * body) included: it once announced a pending button by pointing at the button's id for 7 s, after
 * the button had gone with its dialog (role-img-alt). The portal's Button says its pending state
 * in its own markup now (web/src/ui/button.tsx), and a check right after such a transition
 * (verify-review.spec.ts) proves the announcer holds only text.
 */
const NOT_CHECKED: readonly string[] = [];

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Waits (at most 2 s) for the page's finite CSS animations and transitions to end, so colours are
 * read as they settle (a string: the tests compile without the DOM's types).
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
  })()`);
}

/**
 * Runs axe on the page as it is now and returns the WCAG A/AA violations. Legacy mode runs
 * `axe.run` inside the page (same-origin frames included): the default mode would open a blank
 * page in the test's context to merge results, which a test waiting for a new page would catch.
 * axe's source is injected with Playwright's evaluate (DevTools protocol), which the portal's
 * Content-Security-Policy does not apply to.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  try {
    return await runAxe(page);
  } catch (error) {
    // A navigation the page started itself (a redirect) replaced the document under axe: once
    // the new document has loaded, check that one.
    if (!(error instanceof Error) || !/Execution context was destroyed/.test(error.message)) throw error;
    await page.waitForLoadState('load');
    return runAxe(page);
  }
}

/**
 * Scrolls the window to its top and returns where it was. The shell's top bar is sticky: whatever
 * the test left scrolled beneath it would be reported as obscured (target size) or unreadable
 * depending on where the test happened to stop, so every check sees the page from its top.
 */
async function scrollToTop(page: Page): Promise<[number, number]> {
  return page.evaluate(`(() => {
    const at = [window.scrollX, window.scrollY];
    if (at[0] !== 0 || at[1] !== 0) window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    return at;
  })()`);
}

/**
 * The states this worker has already seen pass: a fingerprint of the whole document (its markup,
 * with the ids React and react-aria generate numbered in order of appearance, the element with
 * the focus, the viewport) is the input of every rule axe runs, so the same fingerprint passes
 * again and is not analysed twice (the landing page before each sign-in, a list shown unchanged).
 * Pages with frames are always analysed: a frame's document is not in the fingerprint.
 */
const passedStates = new Set<string>();

/** The page's fingerprint (SHA-256, computed in the page), or null when it holds frames. */
async function fingerprintOf(page: Page): Promise<string | null> {
  const digest = await page.evaluate(`(async () => {
    if (document.querySelector('iframe, frame, object, embed')) return null;
    const numbers = new Map();
    const markup = document.documentElement.outerHTML.replace(
      /(?:react-aria\\d*-)?_r_[0-9a-z]+_|react-aria\\d+/g,
      (id) => {
        if (!numbers.has(id)) numbers.set(id, 'id' + numbers.size);
        return numbers.get(id);
      },
    );
    const focus = [];
    for (let at = document.activeElement; at && at !== document.documentElement; at = at.parentElement) {
      focus.push(Array.prototype.indexOf.call(at.parentElement ? at.parentElement.children : [], at));
    }
    const text = [location.pathname, innerWidth, innerHeight, focus.join('/'), markup].join('\\n');
    const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
  })()`);
  return typeof digest === 'string' ? digest : null;
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  await settleAnimations(page);
  const [left, top] = await scrollToTop(page);
  try {
    const fingerprint = await fingerprintOf(page);
    if (fingerprint !== null && passedStates.has(fingerprint)) return [];
    const violations = await analyze(page);
    // Only a pass is kept, and only if the page did not change while axe ran.
    if (fingerprint !== null && violations.length === 0 && (await fingerprintOf(page)) === fingerprint) {
      passedStates.add(fingerprint);
    }
    return violations;
  } finally {
    if (left !== 0 || top !== 0) {
      // Back where the test left it; nothing to restore if the page has gone meanwhile.
      await page
        .evaluate(`window.scrollTo({ left: ${left}, top: ${top}, behavior: 'instant' })`)
        .catch(() => undefined);
    }
  }
}

/**
 * @axe-core/playwright evaluates axe's source (about 550 kB) in the page twice on every analysis in
 * legacy mode. A document that holds it already (a second check of the same page) and has no
 * frames gets an empty source instead, so axe is compiled once per document.
 */
async function axeSourceFor(page: Page): Promise<string | undefined> {
  const loaded = await page.evaluate(
    `typeof window.axe?.run === 'function' && !document.querySelector('iframe, frame, object, embed')`,
  );
  return loaded === true ? ';' : undefined;
}

async function analyze(page: Page): Promise<AxeViolation[]> {
  const builder = new AxeBuilder({ page, axeSource: await axeSourceFor(page) })
    .options({
      runOnly: { type: 'tag', values: [...WCAG_A_AA_TAGS] },
      // Only violations are read: axe then keeps one node of each pass and incomplete result, not
      // all of them (the same rules run; far less to collect and send back on a large page).
      resultTypes: ['violations'],
      rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
    })
    .setLegacyMode();
  for (const selector of NOT_CHECKED) builder.exclude(selector);
  const results = await builder.analyze();
  const violations: AxeViolation[] = [];
  for (const violation of results.violations) {
    if (violation.id !== 'target-size') {
      violations.push(violation);
      continue;
    }
    const nodes = [];
    for (const node of violation.nodes)
      if (!(await obscuredOnlyByItsOwnContent(page, node))) nodes.push(node);
    if (nodes.length > 0) violations.push({ ...violation, nodes });
  }
  return violations;
}

/** What the size check reads from a page element (the tests compile without the DOM's types). */
interface TargetElement {
  contains(other: unknown): boolean;
  getBoundingClientRect(): { width: number; height: number };
  ownerDocument: { querySelector(selector: string): unknown };
}

/**
 * axe's target-size counts the buttons inside a focusable element as covering it: a grid cell
 * that takes the focus (react-aria's roving tab stop) and holds the Edit and Delete buttons is
 * reported as too small (an open axe-core bug, dequelabs/axe-core#3674: descendants should not
 * count). Such a report is dropped when the element is at least 24 x 24 px itself and every
 * element said to cover it is inside it; any other cover or a small element is still reported.
 */
async function obscuredOnlyByItsOwnContent(
  page: Page,
  node: AxeViolation['nodes'][number],
): Promise<boolean> {
  const size = node.any.find((check) => check.id === 'target-size');
  const covers = (size?.relatedNodes ?? []).map((related) => related.target);
  const simple = (target: readonly unknown[]) => target.length === 1 && typeof target[0] === 'string';
  if (!size || covers.length === 0 || !simple(node.target) || !covers.every(simple)) return false;
  const element = page.locator(String(node.target[0]));
  if ((await element.count()) !== 1) return false;
  return element.evaluate(
    (target: TargetElement, selectors: string[]) => {
      const box = target.getBoundingClientRect();
      return (
        box.width >= 24 &&
        box.height >= 24 &&
        selectors.every((selector) => target.contains(target.ownerDocument.querySelector(selector)))
      );
    },
    covers.map((cover) => String(cover[0])),
  );
}

function shorten(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** A report a developer can act on: rule, impact, help, and each element's selector and fix. */
export function describeViolations(violations: readonly AxeViolation[], where: string): string {
  const lines = [`axe: ${violations.length} WCAG A/AA rule(s) violated on ${where}:`];
  for (const violation of violations) {
    lines.push(
      `- ${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}`,
      `  ${violation.helpUrl}`,
    );
    for (const node of violation.nodes) {
      lines.push(`  at ${node.target.map(String).join(' >> ')}  ${shorten(node.html, 160)}`);
      if (node.failureSummary) lines.push(`     ${shorten(node.failureSummary, 400)}`);
    }
  }
  return lines.join('\n');
}

/** Only the portal's own pages are checked (not about:blank, downloads or data: URLs). */
function checkable(page: Page): boolean {
  return !page.isClosed() && /^https?:/.test(page.url());
}

/** The route of a page: its URL's path. */
function routeOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Where a page is, for reports: its path and its viewport width. */
function whereIs(page: Page, label?: string): string {
  const url = new URL(page.url());
  const width = page.viewportSize()?.width;
  const at = `${url.pathname}${url.search}${width ? ` at ${width}px` : ''}`;
  return label ? `${at} (${label})` : at;
}

/** The routes (paths) of each page that passed a check, so the automatic checks skip them. */
const passedPaths = new WeakMap<Page, Set<string>>();

function passed(page: Page): Set<string> {
  const paths = passedPaths.get(page) ?? new Set<string>();
  passedPaths.set(page, paths);
  return paths;
}

/** Fails, naming every violation, when axe finds a WCAG A/AA violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label?: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(describeViolations(violations, whereIs(page, label)));
  passed(page).add(routeOf(page));
}

/** What the automatic checks of one context saw: routes checked and routes left unchecked. */
export interface AccessibilityWatch {
  /** Checks every open page of the context (the end of a test). */
  checkOpenPages(reason: string): Promise<void>;
  /** Paths a page showed and then left through the app itself (a link), before any check ran. */
  unchecked(): string[];
}

/**
 * Checks each route a page of `context` shows, once per page and path, at points where the test
 * is not acting on the page: right before the test leaves it with `page.goto`, `page.reload` or
 * `page.close` (the route has been used and asserted on, so it is rendered), and at the end of the
 * test through `checkOpenPages`. A route left through the app (a link, a redirect) changes the
 * page while the test is acting on it; checking then would race the test and the rendering, so
 * such a route is only recorded (`unchecked`) and the test names it in its annotations.
 */
export function watchAccessibility(context: BrowserContext): AccessibilityWatch {
  const pages: Page[] = [];
  const seenPaths = new WeakMap<Page, string[]>();

  async function checkOnce(page: Page, label: string): Promise<void> {
    if (checkable(page) && !passed(page).has(routeOf(page))) await expectNoAxeViolations(page, label);
  }

  function watch(page: Page): void {
    pages.push(page);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !checkable(page)) return;
      const seen = seenPaths.get(page) ?? [];
      seenPaths.set(page, seen);
      if (seen.at(-1) !== routeOf(page)) seen.push(routeOf(page));
    });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const close = page.close.bind(page);
    page.goto = async (...args) => {
      await checkOnce(page, 'before page.goto');
      return goto(...args);
    };
    page.reload = async (...args) => {
      await checkOnce(page, 'before page.reload');
      return reload(...args);
    };
    page.close = async (...args) => {
      await checkOnce(page, 'before page.close');
      return close(...args);
    };
  }

  for (const page of context.pages()) watch(page);
  context.on('page', watch);

  return {
    async checkOpenPages(reason) {
      for (const page of context.pages()) {
        if (checkable(page)) await expectNoAxeViolations(page, reason);
      }
    },
    unchecked() {
      return pages
        .flatMap((page) => (seenPaths.get(page) ?? []).filter((path) => !passed(page).has(path)))
        .filter((path, index, all) => all.indexOf(path) === index);
    },
  };
}
