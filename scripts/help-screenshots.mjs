#!/usr/bin/env node
/**
 * `npm run help:screenshots`: takes the screenshots the how-to pages show and prints the mobile
 * receipt-scanning guide (a PDF), from the built portal with its demo data, in Debian's Chromium.
 * Writes web/public/help/*.png and web/public/help/receipt-scanning-guide.pdf; commit them.
 *
 * Run `npm run build` first. The portal starts on HELP_PORT (default 3299) with a fresh data
 * folder and "now" pinned (PORTAL_NOW, default Monday 2026-11-23), so the pictures do not depend
 * on the day they are taken. Each PNG must stay under 150 kB; the script fails when one does not.
 */
import { spawn } from 'node:child_process';
import console from 'node:console';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'web', 'public', 'help');
const PORT = Number(process.env.HELP_PORT ?? 3299);
const BASE = `http://127.0.0.1:${PORT}`;
const NOW = process.env.PORTAL_NOW ?? '2026-11-23T10:00:00.000Z';
const MAX_PNG_BYTES = 150_000;
const CHROMIUM_ARGS = [
  ...JSON.parse(readFileSync(join(ROOT, 'e2e', 'support', 'chromium-args.json'), 'utf8')),
  // A moving test pattern stands in for the phone's camera.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

async function startPortal() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-help-'));
  const portal = spawn(process.execPath, [join(ROOT, 'services/portal/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PORTAL_NOW: NOW,
      PORTAL_NOW_AT: new Date().toISOString(),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/api/auth/config`)).ok) return { portal, dataDir };
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  portal.kill();
  throw new Error(`The portal did not start on ${BASE}`);
}

async function signIn(page, name) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('dialog', { name: 'Sign in as' }).getByRole('button', { name }).click();
  await page.getByRole('button', { name: `Account menu for ${name}` }).waitFor();
}

async function choose(scope, page, label, option) {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

async function settled(page) {
  await page.getByRole('progressbar', { name: 'Loading' }).waitFor({ state: 'detached' });
}

/** A screenshot of `locator` (of the window when `windowOnly`), cut at `maxHeight` px when given. */
async function shot(locator, name, maxHeight, windowOnly = false) {
  const path = join(OUT, `${name}.png`);
  const options = { path, animations: 'disabled', caret: 'hide' };
  if (windowOnly) {
    await locator.page().screenshot(options);
  } else if (maxHeight) {
    const box = await locator.boundingBox();
    await locator
      .page()
      .screenshot({ ...options, clip: { ...box, height: Math.min(box.height, maxHeight) } });
  } else {
    await locator.screenshot(options);
  }
  const size = statSync(path).size;
  console.log(`${name}.png ${Math.round(size / 1000)} kB`);
  if (size > MAX_PNG_BYTES) throw new Error(`${name}.png is ${size} bytes, more than ${MAX_PNG_BYTES}`);
  return path;
}

async function newPage(browser, viewport) {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
    permissions: ['camera'],
  });
  await context.clock.install({ time: new Date(NOW) });
  return context.newPage();
}

async function desktopShots(browser) {
  const page = await newPage(browser, { width: 1100, height: 760 });
  await signIn(page, 'Carlos Contractor');

  await page.goto('/timesheets/create');
  const timesheetForm = page.getByRole('region', { name: 'Add Timesheet' });
  await choose(timesheetForm, page, 'Project', 'Transit Signalling Upgrade');
  // Two days of the pinned week (Monday 23 and Tuesday 24 November 2026), 8 hours each.
  await timesheetForm.getByRole('button', { name: 'Monday, November 23, 2026' }).click();
  await timesheetForm.getByRole('button', { name: 'Tuesday, November 24, 2026' }).click();
  await timesheetForm.getByRole('textbox', { name: 'Hours for all days' }).fill('8');
  await timesheetForm.getByRole('button', { name: 'Apply hours to all' }).click();
  await settled(page);
  await shot(timesheetForm, 'add-timesheet-form');

  const saved = page.getByRole('region', { name: 'Saved Timesheets' });
  await saved
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Timesheet' });
  await editDialog.waitFor();
  await shot(editDialog, 'edit-timesheet-dialog');
  await editDialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/expenses/create');
  const expenseForm = page.getByRole('region', { name: 'Add Expense' });
  await choose(expenseForm, page, 'Expense Type', 'Meals');
  await settled(page);
  await shot(expenseForm, 'add-expense-form');

  await page.evaluate(() => globalThis.sessionStorage.clear());
  await signIn(page, 'Alice Admin');
  await page.goto('/admin/timesheets/review');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Loading' }).first().waitFor({ state: 'detached' });
  await settled(page);
  await shot(page.getByRole('main'), 'timesheet-review', 560);
  await page.context().close();
}

/** The phone's screen at the receipt box: before the camera starts, and with a photo taken. */
async function phoneShots(browser) {
  const page = await newPage(browser, { width: 375, height: 740 });
  await signIn(page, 'Carlos Contractor');
  await page.goto('/expenses/create');
  const form = page.getByRole('region', { name: 'Add Expense' });
  await choose(form, page, 'Expense Type', 'Parking');
  const camera = form.getByRole('group', { name: 'Camera' });
  await camera.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const start = await shot(page.locator('body'), 'phone-receipt-start', 0, true);
  await camera.getByRole('button', { name: 'Start camera' }).click();
  await camera.getByRole('button', { name: 'Take photo' }).click();
  await camera.getByRole('img', { name: 'The receipt photo' }).waitFor();
  await settled(page);
  await camera.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const taken = await shot(page.locator('body'), 'phone-receipt-photo', 0, true);
  await page.context().close();
  return { start, taken };
}

const dataUrl = (path) => `data:image/png;base64,${readFileSync(path).toString('base64')}`;

/** The guide a person can keep on their phone: the steps of the Add Expense help, with pictures. */
function guideHtml({ start, taken }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Scan a receipt with your phone</title>
<style>
  body { font: 12pt/1.45 system-ui, sans-serif; color: #1b2430; margin: 0; }
  h1 { font-size: 20pt; margin: 0 0 6pt; }
  h2 { font-size: 13pt; margin: 14pt 0 4pt; }
  p.lead { color: #4a5565; margin: 0 0 10pt; }
  ol { padding-left: 18pt; } li { margin-bottom: 5pt; }
  .shots { display: flex; gap: 16pt; align-items: flex-start; }
  figure { margin: 0; flex: 1; } figure img { height: 90mm; max-width: 100%; border: 1px solid #c8ced6; border-radius: 4pt; }
  figcaption { font-size: 10pt; color: #4a5565; margin-top: 4pt; }
</style></head>
<body>
  <h1>Scan a receipt with your phone</h1>
  <p class="lead">Smartwork Portal, Expenses page. Photograph a paper receipt instead of uploading a PDF.</p>
  <h2>Steps</h2>
  <ol>
    <li>Open the portal on your phone, sign in, and open <b>Contractor › Add Expense</b> from the menu (☰).</li>
    <li>Choose the <b>Expense Type</b> first; the receipt box appears for types that take a receipt.</li>
    <li>Press <b>Start camera</b> under the receipt box and allow the camera when the phone asks. The back camera is used when there is one.</li>
    <li>Hold the receipt flat and well lit, with all four corners in the picture, then press <b>Take photo</b>. The photo becomes a one-page PDF and is uploaded as the receipt.</li>
    <li><b>Retake</b> starts the camera again for another photo; <b>Cancel</b> turns it off. Either way the earlier photo is no longer the receipt.</li>
    <li>Check the <b>Amount</b> and <b>Date</b> (enter them yourself when nothing could be read), choose the project and currency, write the comment, and press <b>Submit</b>.</li>
  </ol>
  <div class="shots">
    <figure><img src="${dataUrl(start)}" alt="The receipt box with the Start camera button"><figcaption>Before: Start camera under the receipt box.</figcaption></figure>
    <figure><img src="${dataUrl(taken)}" alt="The receipt photo with the Retake and Cancel buttons"><figcaption>After Take photo: the photo is the receipt; Retake or Cancel.</figcaption></figure>
  </div>
  <h2>If it does not work</h2>
  <ol>
    <li>No camera buttons: this browser cannot use a camera. Use the phone's browser (Safari or Chrome), or upload a PDF.</li>
    <li>"The camera could not start": allow the camera for the portal in the browser's settings and try again.</li>
    <li>A receipt may be at most 10 MB; one receipt per expense.</li>
  </ol>
</body></html>`;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const { portal, dataDir } = await startPortal();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    await desktopShots(browser);
    const phone = await phoneShots(browser);
    const printer = await browser.newPage();
    await printer.setContent(guideHtml(phone), { waitUntil: 'load' });
    const pdf = join(OUT, 'receipt-scanning-guide.pdf');
    await printer.pdf({
      path: pdf,
      format: 'A4',
      margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' },
    });
    console.log(`receipt-scanning-guide.pdf ${Math.round(statSync(pdf).size / 1000)} kB`);
  } finally {
    await browser.close();
    portal.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
