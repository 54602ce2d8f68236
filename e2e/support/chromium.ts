import { existsSync } from 'node:fs';
import flags from './chromium-args.json';

/**
 * How the browser tests start Debian's Chromium (never a downloaded browser): headless, without
 * the sandbox (CI runs as root) and without the background networking this closed machine refuses.
 *
 * Debian's `chromium-headless-shell` (the same Chromium release, built without the browser's own
 * window and UI) is used when it is installed, as `.ci/run` does: on the two-core machine it
 * spends about a third less CPU per test than `/usr/bin/chromium`, which starts its omnibox WebUI
 * renderers for every context (record 0238). `CHROMIUM_PATH` names another binary.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const chromiumExecutable =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The flags (a JSON list, so scripts/help-screenshots.mjs starts Chromium the same way). */
export const chromiumArgs: readonly string[] = flags;
