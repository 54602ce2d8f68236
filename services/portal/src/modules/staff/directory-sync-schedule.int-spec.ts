import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { sql } from 'kysely';
import type { TestApp } from '../../../test/app-harness';
import { onBullMq } from '../../../test/bullmq-queue';
import { startAppOnGraph } from '../../../test/graph-app';
import { graphUser, type GraphStandIn } from '../../../test/graph-stand-in';
import { dropRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/services';
import { eventually } from '../../../test/waiting';
import { JobQueue } from '../../platform/queue/job-queue.port';

const quiet = { error: () => undefined, log: () => undefined };

/**
 * The scheduled directory sync on real Redis: the portal adds a BullMQ job scheduler for
 * DIRECTORY_SYNC_CRON (UTC) at start, and a job of it runs the sync as the directory, the job id
 * being the run's correlation.
 */
describe('directory sync as a BullMQ job scheduler', () => {
  const prefix = uniqueRedisPrefix('directory-sync');
  let graph: GraphStandIn;
  let t: TestApp;
  let redis: IORedis;
  let queue: Queue;

  beforeAll(async () => {
    ({ graph, t } = await startAppOnGraph(
      { users: [graphUser(1), graphUser(2)] },
      {
        seedDemo: true,
        redisUrl: TEST_REDIS_URL,
        env: { DIRECTORY_SYNC_CRON: '*/30 * * * *' },
        override: (builder) => onBullMq(builder, { prefix, logger: quiet }),
      },
    ));
    redis = new IORedis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue('portal-jobs', { connection: redis, prefix });
  });

  afterAll(async () => {
    await t?.close();
    await queue?.close();
    await redis?.quit();
    await dropRedisKeys(prefix);
    await graph?.close();
  });

  it('is scheduled at start, and its job syncs as the directory under the job id', async () => {
    const expected = JSON.stringify([
      { id: 'staff-directory-sync', pattern: '*/30 * * * *', tz: 'UTC', name: 'staff.directory-sync' },
    ]);
    await eventually(async () => {
      const schedulers = await queue.getJobSchedulers();
      const found = schedulers.map((s) => ({ id: s.key, pattern: s.pattern, tz: s.tz, name: s.name }));
      return JSON.stringify(found) === expected;
    });

    const jobs = t.app.get(JobQueue);
    await jobs.enqueue({ name: 'staff.directory-sync', jobId: 'directory-sync-run-1', data: {} });
    const done = await eventually(async () => {
      const status = await jobs.status('directory-sync-run-1');
      return status?.state === 'completed' ? status : null;
    }, 30_000);
    expect(done.result).toEqual({
      created: 2,
      updated: 0,
      deactivated: 0,
      linked: 0,
      unchanged: 0,
      ignored: 0,
    });
    const { rows } = await sql<{ actor: string; correlation: string; n: string }>`
      select metadata->'actor'->>'id' as actor, metadata->>'correlationId' as correlation, count(*) as n
      from events where type in ('StaffMemberRegistered', 'DirectorySyncCompleted') group by 1, 2
      having metadata->'actor'->>'id' = 'directory-sync'`.execute(t.db.db);
    expect(rows).toEqual([{ actor: 'directory-sync', correlation: 'directory-sync-run-1', n: '3' }]);
    const run = await sql<{ requested: unknown }>`
      select data->'requestedBy' as requested from events where stream_id = 'directory-sync'`.execute(
      t.db.db,
    );
    expect(run.rows).toEqual([{ requested: null }]);
  });
});
