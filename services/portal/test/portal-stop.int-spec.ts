import { setTimeout as sleep } from 'node:timers/promises';
import { ensurePortalBuilt, fleetSecrets, freePort, PortalChild } from './portal-fleet';
import { createTestDatabase, type TestDatabase } from './services';

/** What /health/ready answers now: its status and, when it failed, the checks that were down. */
async function readiness(child: PortalChild): Promise<{ status: number; down: string[] }> {
  const answer = await fetch(`${child.baseUrl}/health/ready`);
  const body = (await answer.json()) as { error?: Record<string, unknown> };
  return { status: answer.status, down: Object.keys(body.error ?? {}) };
}

/**
 * The portal stopped as Kubernetes stops it (SIGTERM): unready at once, still serving for the
 * drain delay, then closed with exit code 0 (main.ts; SHUTDOWN_DRAIN_MS).
 */
describe('SIGTERM', () => {
  let database: TestDatabase;
  let portal: PortalChild;

  beforeAll(async () => {
    ensurePortalBuilt();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await portal?.kill();
    await database?.drop();
  });

  it('answers not ready at once, serves on for the drain delay, then exits 0', async () => {
    const drainMs = 3000;
    portal = PortalChild.start(
      'api',
      'api,projector,worker',
      {
        ...fleetSecrets(),
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        SHUTDOWN_DRAIN_MS: String(drainMs),
      },
      await freePort(),
    );
    await portal.ready();
    for (let tries = 0; (await readiness(portal)).status !== 200; tries++) {
      if (tries > 120) throw new Error(`never ready:\n${portal.log}`);
      await sleep(250);
    }
    const exited = new Promise<number | null>((resolve) => portal.child.once('exit', resolve));
    portal.child.kill('SIGTERM');
    const signalled = performance.now();

    // Unready from the first answer after the signal, while every other request is still served.
    let ready = await readiness(portal);
    for (let tries = 0; ready.status === 200 && tries < 20; tries++) {
      await sleep(50);
      ready = await readiness(portal);
    }
    expect(ready).toEqual({ status: 503, down: ['shutdown'] });
    const served: number[] = [];
    while (performance.now() - signalled < drainMs / 2) {
      served.push((await fetch(`${portal.baseUrl}/api/auth/config`)).status);
      await sleep(100);
    }
    expect(served.length).toBeGreaterThan(3);
    expect(served.every((status) => status === 200)).toBe(true);

    expect(await exited).toBe(0);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(drainMs);
  });
});
