import type { ChildProcess } from 'node:child_process';

/**
 * The life of a portal child process both the workers' portals (run-portal.ts) and a spec's second
 * portal (second-portal.ts) need: whether it ended, a stop that asks first (SIGTERM, then SIGKILL
 * after 10 s), and a bounded wait until it answers.
 */
export function portalProcess(child: ChildProcess) {
  let ended = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      ended = true;
      resolve();
    }),
  );
  return {
    hasEnded: () => ended,
    async stop(): Promise<void> {
      if (ended) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
    /** Waits until `url` answers 2xx; false when the process ended or `withinMs` passed first. */
    async answersWithin(url: string, withinMs: number): Promise<boolean> {
      const deadline = Date.now() + withinMs;
      while (!(await answers(url))) {
        if (ended || Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return true;
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}
