import flags from './chromium-args.json';

/**
 * How the browser tests start Debian's Chromium (never a downloaded browser): headless, without
 * the sandbox (CI runs as root) and without the background networking this closed machine refuses.
 */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags (a JSON list, so scripts/help-screenshots.mjs starts Chromium the same way). */
export const chromiumArgs: readonly string[] = flags;
