import {
  createTestDatabase,
  dropRedisKeys,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TestDatabase,
} from '../../../test/services';
import { startOutageProxy, type OutageProxy } from '../../../test/tcp-outage-proxy';
import { countedQueries } from '../../../test/query-count';
import { eventually, sleep } from '../../../test/waiting';
import { BullMqJobQueue } from './bullmq-job-queue';
import { describeJobQueueContract } from './job-queue.contract';
import type { JobQueueOptions } from './job-queue.options';
import { OutboxJobQueue } from './outbox-job-queue';
import { JobQueue, type JobRequest } from './job-queue.port';
import { PostgresNotifications } from '../database/notifications';

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

/** The queue behind the outbox, reduced to what it was handed. */
class HandedOver extends JobQueue {
  readonly jobIds: string[] = [];
  async enqueue(request: JobRequest): Promise<void> {
    this.jobIds.push(request.jobId);
  }
  async schedule(): Promise<void> {}
  async status(): Promise<null> {
    return null;
  }
  registerProcessor(): void {}
  async startWorker(): Promise<void> {}
  async close(): Promise<void> {}
}

describe('the relay woken by NOTIFY', () => {
  let db: TestDatabase;
  let notifications: PostgresNotifications;
  const queues: OutboxJobQueue[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(4);
    notifications = new PostgresNotifications(db.url);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.close();
    await notifications?.close();
    await db?.drop();
  });

  it('hands a job kept by another process over at once, and an idle relay rarely asks the table', async () => {
    const reads = countedQueries(db.db, 'job_outbox');
    const behind = new HandedOver();
    // The relaying process: a fast poll only while NOTIFY cannot wake it, a minute otherwise.
    const relay = new OutboxJobQueue(reads.db, behind, {
      notifications,
      pollMs: 50,
      notifiedPollMs: 60_000,
      logger: quiet,
    });
    // Another process that only keeps jobs (a command or a reactor elsewhere).
    const asking = new OutboxJobQueue(db.db, new HandedOver(), { notifications: null, logger: quiet });
    queues.push(relay, asking);
    relay.startRelay();
    await eventually(async () => notifications.healthy());

    await sleep(1000);
    reads.count = 0;
    await sleep(1000);
    // At rest: no round in a second (it polled 20 times a second before NOTIFY woke it).
    expect(reads.count).toBe(0);

    await asking.enqueue({ name: 'mail', jobId: 'notified-1', data: { to: 'a@example.com' } });
    await eventually(async () => behind.jobIds.includes('notified-1'), 5_000);
    expect(behind.jobIds).toEqual(['notified-1']);
  });
});
