/**
 * How the browser tests start Debian's Chromium (never a downloaded browser): headless, without
 * the sandbox (CI runs as root) and without the background networking this closed machine refuses.
 */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
