import { startTestApp, type TestApp } from '../../../test/app-harness';
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  type TestDatabase,
} from '../../../test/services';
import { startOutageProxy, type OutageProxy } from '../../../test/tcp-outage-proxy';
import { eventually, testEvent } from '../../../test/waiting';
import { sql } from 'kysely';
import { EventStore } from '../event-store/event-store.port';
import { saveCheckpoint } from '../projection/checkpoints';
import { ContextRegistry } from '../registry/context-registry';
import { freePort } from '../../../test/portal-fleet';

/**
 * /health/live and /health/ready on the whole portal. Outages are made with a TCP proxy in front of
 * the machine's real PostgreSQL or Redis (test/tcp-outage-proxy.ts): cutting it closes every
 * connection and refuses new ones, as a stopped server does for the portal, without stopping the
 * server other tests share.
 */

const ready = (t: TestApp) => t.http('GET', '/health/ready');

function behind(url: string, proxy: OutageProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}

describe('/health/live and /health/ready', () => {
  let proxy: OutageProxy;
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    const target = new URL(TEST_DATABASE_URL);
    proxy = await startOutageProxy(target.hostname, Number(target.port || 5432));
    database = await createTestDatabase(3);
    // The portal reaches its database through the proxy; the test's own handle goes direct.
    t = await startTestApp({ database, env: { DATABASE_URL: behind(database.url, proxy) } });
  });

  afterAll(async () => {
    proxy?.up();
    await t?.close();
    await database?.drop();
    await proxy?.close();
  });

  it('answer without a sign-in, outside /api: live is up, ready names each of its checks up', async () => {
    const live = await t.http('GET', '/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ status: 'ok' });

    const answer = await ready(t);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('ok');
    expect(Object.keys(answer.body.details).sort()).toEqual(['database', 'eventStore', 'projections']);
    for (const check of Object.values(answer.body.details)) expect(check).toMatchObject({ status: 'up' });
    expect((await t.http('GET', '/api/health/ready')).status).not.toBe(200);
  });

  it('ready turns 503 while PostgreSQL cannot be reached, and 200 again once it can; live stays up', async () => {
    proxy.down();
    const unready = await eventually(async () => {
      const answer = await ready(t);
      return answer.status === 503 ? answer : null;
    });
    expect(unready.body.status).toBe('error');
    expect(unready.body.error.database).toEqual({ status: 'down', message: 'not reachable' });
    // The driver's own words (host, port) are not in the answer.
    expect(JSON.stringify(unready.body)).not.toContain(String(proxy.port));
    expect((await t.http('GET', '/health/live')).status).toBe(200);

    proxy.up();
    const back = await eventually(async () => {
      const answer = await ready(t);
      return answer.status === 200 ? answer : null;
    }, 60_000);
    expect(back.body.details.database).toMatchObject({ status: 'up' });
  });
});

describe('/health/ready and the projections lag', () => {
  let t: TestApp;

  beforeAll(async () => {
    // No projector: nothing applies the events, so each one appended is one more of lag.
    t = await startTestApp({
      roles: 'api',
      env: { HEALTH_MAX_PROJECTION_LAG: '1', PROJECTION_WAIT_MS: '0' },
    });
  });
  afterAll(() => t?.close());

  it('is ready while every projection is at most HEALTH_MAX_PROJECTION_LAG events behind, and 503 past it', async () => {
    const store = t.app.get(EventStore);
    expect((await ready(t)).status).toBe(200);

    await store.append('health-probe-1', [testEvent('HealthProbed', { n: 1 })], 'no_stream');
    const stillReady = await ready(t);
    expect(stillReady.status).toBe(200);
    expect(stillReady.body.details.projections).toMatchObject({ status: 'up', maxLag: 1 });

    await store.append('health-probe-2', [testEvent('HealthProbed', { n: 2 })], 'no_stream');
    const behindLog = await ready(t);
    expect(behindLog.status).toBe(503);
    expect(behindLog.body.error.projections.status).toBe('down');
    expect(behindLog.body.error.projections.message).toMatch(/^more than 1 events behind: .*staff \(2\)/);
    expect(behindLog.body.details.database).toMatchObject({ status: 'up' });

    const metrics = await t.http('GET', '/metrics');
    expect(metrics.body).toContain('portal_projection_lag_events{projection="staff"} 2');
  });
});

/**
 * A projection whose version changed is rebuilt beside its live tables (blue/green): the live
 * tables keep answering from a checkpoint that stands still until the swap. Readiness passes over
 * it, so every api replica stays in the Service during a rebuild; a first build (no live tables)
 * is still waited for. The api role alone here: nothing moves a checkpoint but the test.
 */
describe('/health/ready while a projection is rebuilt', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ roles: 'api', env: { HEALTH_MAX_PROJECTION_LAG: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('passes over a projection whose live tables are of another version, never one with no tables yet', async () => {
    const store = t.app.get(EventStore);
    for (const n of [1, 2]) {
      await store.append(`health-rebuild-${n}`, [testEvent('HealthProbed', { n })], 'no_stream');
    }
    const behindLog = await ready(t);
    expect(behindLog.status).toBe(503);
    expect(behindLog.body.error.projections.message).toMatch(/staff \(2\)/);

    // Every projection live at a version this code does not build (nothing read yet): each one
    // is being rebuilt beside its live tables.
    const { projections } = t.app.get(ContextRegistry);
    for (const { name, version } of projections) await saveCheckpoint(t.db.db, name, version + 100, null);
    const rebuilding = await ready(t);
    expect(rebuilding.status).toBe(200);
    expect(rebuilding.body.details.projections).toMatchObject({ status: 'up' });

    // The staff projection live at this code's version, and behind: waited for again.
    const staff = projections.find((p) => p.name === 'staff')!;
    await saveCheckpoint(t.db.db, 'staff', staff.version, null);
    const live = await ready(t);
    expect(live.status).toBe(503);
    expect(live.body.error.projections.message).toBe('more than 1 events behind: staff (2)');

    // No checkpoint at all: its first build, with no tables to answer from; waited for too.
    await sql`delete from projection_checkpoints where name = 'staff'`.execute(t.db.db);
    const firstBuild = await ready(t);
    expect(firstBuild.status).toBe(503);
    expect(firstBuild.body.error.projections.message).toBe('more than 1 events behind: staff (2)');
  });
});

describe('/health/ready with Redis configured', () => {
  let proxy: OutageProxy;
  let t: TestApp;

  beforeAll(async () => {
    const target = new URL(TEST_REDIS_URL);
    proxy = await startOutageProxy(target.hostname, Number(target.port || 6379));
    // The api role alone: no worker takes jobs from the shared Redis.
    t = await startTestApp({ roles: 'api', redisUrl: behind(TEST_REDIS_URL, proxy) });
  });
  afterAll(async () => {
    proxy?.up();
    await t?.close();
    await proxy?.close();
  });

  it('checks Redis too: 503 while it cannot be reached, 200 again after', async () => {
    const answer = await ready(t);
    expect(answer.status).toBe(200);
    expect(answer.body.details.redis).toMatchObject({ status: 'up' });

    proxy.down();
    const unready = await eventually(async () => {
      const attempt = await ready(t);
      return attempt.status === 503 ? attempt : null;
    });
    expect(unready.body.error.redis).toEqual({ status: 'down', message: 'not reachable' });
    expect(unready.body.details.database).toMatchObject({ status: 'up' });

    proxy.up();
    await eventually(async () => (await ready(t)).status === 200, 60_000);
  });
});

describe('the operator endpoints on a port of their own (OPERATOR_PORT)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    t = await startTestApp({ env: { OPERATOR_PORT: String(port) } });
  });
  afterAll(() => t?.close());

  it('answers the scraper and the probes there, and 404 on the main port, which an ingress reaches', async () => {
    const own = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('text/plain');
    expect(await own.text()).toContain('portal_projection_lag_events');
    const live = await fetch(`http://127.0.0.1:${port}/health/live`);
    expect({ status: live.status, body: await live.json() }).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready?probe=kubelet`);
    expect(ready.headers.get('cache-control')).toContain('no-store');
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({
      status: 200,
      body: { status: 'ok', info: { database: { status: 'up' }, projections: { status: 'up' } } },
    });
    expect((await fetch(`http://127.0.0.1:${port}/api/me`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);

    for (const path of ['/metrics', '/health/live', '/health/ready'])
      expect({ path, status: (await t.http('GET', path)).status }).toEqual({ path, status: 404 });
  });
});
