import { execFileSync } from 'node:child_process';

/**
 * A base port for the run whose whole block is free now: each worker n listens on base + n, its
 * SMTP receiver on that + 10,000 and a second portal on that + 20,000 (run-portal.ts). Two runs on
 * one machine (two checkouts) would otherwise both take 3199, and a worker would wait for, and
 * then talk to, the other run's portal. Checked in a child process, since the config is read
 * synchronously: candidates from 3199 in steps of 100, each port tried by listening on it.
 */
export function freeBasePort(workers: number): number {
  const script = `
    const net = require('node:net');
    const workers = Number(process.argv[1]);
    const listens = (port) => new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    (async () => {
      for (let base = 3199; base < 9999; base += 100) {
        let free = true;
        for (let n = 0; n <= workers && free; n++)
          for (const offset of [0, 10000, 20000]) if (free && !(await listens(base + n + offset))) free = false;
        if (free) return process.stdout.write(String(base));
      }
      process.exit(1);
    })();`;
  return Number(execFileSync(process.execPath, ['-e', script, String(workers)], { encoding: 'utf8' }));
}
