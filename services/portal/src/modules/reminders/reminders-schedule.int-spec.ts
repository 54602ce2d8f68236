import { onBullMq } from '../../../test/bullmq-queue';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/services';
import { eventually } from '../../../test/waiting';

const quiet = { error: () => undefined, log: () => undefined };

/**
 * The portal on real Redis schedules both reminders as BullMQ job schedulers every quarter hour
 * (each run serves the owners whose morning hour it is in their own zone); a restart (here with
 * another hour) replaces them rather than adding more.
 */
describe('the reminders as BullMQ job schedulers', () => {
  const prefix = uniqueRedisPrefix('reminders');
  const apps: TestApp[] = [];
  let queue: Queue;
  let redis: IORedis;

  const start = async (hour: string) => {
    const app = await startTestApp({
      redisUrl: TEST_REDIS_URL,
      env: { REMINDERS_ENABLED: 'true', REMINDERS_HOUR: hour, PORTAL_TIME_ZONE: 'America/Toronto' },
      override: (builder) => onBullMq(builder, { prefix, logger: quiet }),
    });
    apps.push(app);
    return app;
  };

  beforeAll(() => {
    redis = new IORedis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue('portal-jobs', { connection: redis, prefix });
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await queue.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const schedulers = async () =>
    (await queue.getJobSchedulers())
      .map((s) => ({ id: s.key, pattern: s.pattern, tz: s.tz, name: s.name }))
      .sort((a, b) => a.id.localeCompare(b.id));

  it('schedules both reminders once, at start and again after a restart', async () => {
    const expected = ['reminders-missing-time', 'reminders-waiting-periods'].map((id) => ({
      id,
      pattern: '*/15 * * * *',
      tz: 'UTC',
      name: 'reminders-run',
    }));
    const text = JSON.stringify(expected);
    await start('7');
    await eventually(async () => JSON.stringify(await schedulers()) === text);
    expect(await schedulers()).toEqual(expected);
    await apps[0]!.close();
    await start('9');
    await eventually(async () => (await queue.getJobSchedulersCount()) === 2);
    expect(await schedulers()).toEqual(expected);
  });
});
