import { spawn } from 'node:child_process';
import { Client } from 'pg';
import type { BenchSink } from './goals';
import { freePort, PortalProcess, transactionsOf, watchIdle, type IdleFigures } from './idle';
import { progress } from './measure';

/**
 * The idle figures of the production shape (issue 27): each role (api, projector, worker) in a
 * process of its own, with Redis for the job queue, on a database the idle part already migrated
 * and seeded. Each role is started alone and watched at rest: PostgreSQL counts transactions per
 * database, not per connection, so one process at a time gives each role's own figure (a role's
 * idle cost does not depend on the others, which write nothing while idle). Redis is a private
 * `redis-server` on a free port, so no other portal's queue is touched.
 */

export const FLEET_ROLES = ['api', 'projector', 'worker'] as const;
export type FleetRole = (typeof FLEET_ROLES)[number];
/** At rest with Redis, per process (issue 27: the outbox relay wakes on NOTIFY, not on a poll). */
const FLEET_IDLE_TPS_GOAL = 0.2;

const REDIS_SERVER = process.env.BENCH_REDIS_SERVER ?? '/usr/bin/redis-server';

async function privateRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const { default: IORedis } = await import('ioredis');
  const client = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  for (let tries = 0; ; tries++) {
    try {
      await client.connect();
      await client.ping();
      client.disconnect();
      break;
    } catch {
      client.disconnect();
      if (tries > 100) throw new Error(`${REDIS_SERVER} did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type FleetIdle = Readonly<Record<FleetRole, IdleFigures>>;

export async function benchIdleFleet(options: {
  readonly adminUrl: string;
  readonly databaseUrl: string;
  readonly databaseName: string;
  readonly seconds: number;
  readonly settleSeconds: number;
}): Promise<FleetIdle> {
  const redis = await privateRedis();
  const admin = new Client({ connectionString: options.adminUrl, application_name: 'portal-bench-idle' });
  await admin.connect();
  const figures: Partial<Record<FleetRole, IdleFigures>> = {};
  try {
    for (const role of FLEET_ROLES) {
      progress(`starting the ${role} role alone, with Redis, in a child process`);
      const portal = await PortalProcess.start({
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: redis.url,
        PORTAL_ROLES: role,
        SEED_DEMO: 'false',
        EVENTSTORE_URL: undefined,
      });
      try {
        progress(`watching the ${role} role idle for ${options.seconds} s`);
        figures[role] = await watchIdle(portal, options.seconds, options.settleSeconds, () =>
          transactionsOf(admin, options.databaseName),
        );
      } finally {
        await portal.stop();
      }
    }
  } finally {
    await admin.end();
    await redis.stop();
  }
  return figures as FleetIdle;
}

export function reportIdleFleet(
  report: Pick<BenchSink, 'goals' | 'notes'>,
  fleet: FleetIdle,
  seconds: number,
): void {
  for (const role of FLEET_ROLES) {
    const tps = fleet[role].transactionsPerSecond ?? Number.NaN;
    report.goals.add(
      `idle with Redis: database transactions/s, ${role} process`,
      tps.toFixed(2),
      `<= ${FLEET_IDLE_TPS_GOAL}`,
      tps <= FLEET_IDLE_TPS_GOAL,
    );
  }
  report.notes.push(
    `idle with Redis: each role of dist/main.js (PORTAL_ROLES=api, projector, worker) alone in a child process ` +
      `on the idle part's database, with a private redis-server for the job queue, watched for ${seconds} s ` +
      `after it settled; transactions from pg_stat_database.`,
  );
}
