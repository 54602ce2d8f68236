import {
  createTestDatabase,
  dropRedisKeys,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TestDatabase,
} from '../../../test/services';
import { startOutageProxy, type OutageProxy } from '../../../test/tcp-outage-proxy';
import { eventually, sleep } from '../../../test/waiting';
import { BullMqJobQueue } from './bullmq-job-queue';
import { describeJobQueueContract } from './job-queue.contract';
import type { JobQueueOptions } from './job-queue.options';
import { OutboxJobQueue } from './outbox-job-queue';

const quiet = { error: () => undefined, log: () => undefined };

describeJobQueueContract('BullMQ behind the PostgreSQL job outbox', async () => {
  const prefix = uniqueRedisPrefix('job-outbox');
  const db = await createTestDatabase(4);
  return {
    make: (options) => {
      const queue = new OutboxJobQueue(
        db.db,
        new BullMqJobQueue({ ...options, redisUrl: TEST_REDIS_URL, prefix, logger: quiet }),
        { pollMs: 50, logger: quiet },
      );
      queue.startRelay();
      return queue;
    },
    dispose: async () => {
      await dropRedisKeys(prefix);
      await db.drop();
    },
  };
});

describe('the job outbox while Redis is away', () => {
  let db: TestDatabase;
  let proxy: OutageProxy;
  const prefix = uniqueRedisPrefix('job-outbox-outage');
  const ran: string[] = [];
  const queues: OutboxJobQueue[] = [];
  const options: JobQueueOptions = { jobNames: ['mail'], backoffMs: 50, logger: quiet };

  function open(): OutboxJobQueue {
    const queue = new OutboxJobQueue(
      db.db,
      new BullMqJobQueue({ ...options, redisUrl: `redis://127.0.0.1:${proxy.port}`, prefix, logger: quiet }),
      { pollMs: 50, logger: quiet },
    );
    queue.registerProcessor({
      name: 'mail',
      process: (data: unknown) => {
        ran.push(String((data as { to: string }).to));
        return Promise.resolve({ sent: true });
      },
    });
    queues.push(queue);
    return queue;
  }

  beforeAll(async () => {
    db = await createTestDatabase(4);
    const target = new URL(TEST_REDIS_URL);
    proxy = await startOutageProxy(target.hostname, Number(target.port || 6379));
  });

  afterAll(async () => {
    proxy.up();
    await Promise.all(queues.map((queue) => queue.close()));
    await proxy.close();
    await dropRedisKeys(prefix);
    await db.drop();
  });

  it('keeps jobs asked for at once, and two relaying processes hand each to one worker once Redis is back', async () => {
    // Two processes: both relay; the second also works.
    const asking = open();
    const working = open();
    asking.startRelay();
    working.startRelay();
    await working.startWorker();

    proxy.down();
    for (const to of ['ann', 'bob', 'cy']) {
      await asking.enqueue({ name: 'mail', jobId: `mail-${to}`, data: { to } });
      // Asked again (a reactor run twice): still one job.
      await working.enqueue({ name: 'mail', jobId: `mail-${to}`, data: { to } });
    }
    expect(await asking.status('mail-ann')).toMatchObject({ state: 'waiting' });
    // A job never asked for is unknown, without asking Redis.
    expect(await asking.status('mail-nobody')).toBeNull();
    await sleep(500);
    expect(ran).toEqual([]);

    proxy.up();
    await eventually(async () => ran.length === 3, 30_000);
    await eventually(async () => (await asking.status('mail-cy'))?.state === 'completed', 10_000);
    await sleep(300);
    expect([...ran].sort()).toEqual(['ann', 'bob', 'cy']);

    // Redis away again: a job handed over and done reads as waiting (the queue cannot say).
    proxy.down();
    expect(await asking.status('mail-ann')).toMatchObject({ state: 'waiting' });
    proxy.up();
    await eventually(async () => (await asking.status('mail-ann'))?.state === 'completed', 30_000);
    const pending = await db.db
      .selectFrom('job_outbox')
      .select('job_id')
      .where('relayed_at', 'is', null)
      .execute();
    expect(pending).toEqual([]);
  }, 60_000);
});
