import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/services';
import { openPostgres, type DatabaseHandle } from '../database/database';
import { InProcessJobQueue } from './in-process-job-queue';
import { describeJobQueueContract } from './job-queue.contract';

const quiet = { error: () => undefined, log: () => undefined };

describeJobQueueContract('in-process on PostgreSQL', async () => {
  const database: TestDatabase = await createTestDatabase();
  return {
    make: (options) => new InProcessJobQueue({ ...options, db: database.db, pollMs: 20, logger: quiet }),
    dispose: () => database.drop(),
  };
});

describe('InProcessJobQueue after a crash', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  async function finishedStatus(queue: InProcessJobQueue, jobId: string) {
    for (let i = 0; i < 200; i++) {
      const status = await queue.status(jobId);
      if (status?.state === 'completed' || status?.state === 'failed') return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return queue.status(jobId);
  }

  it('keeps jobs enqueued before a restart and runs them after it', async () => {
    const before = new InProcessJobQueue({ jobNames: [], db: database.db, logger: quiet });
    await before.enqueue({ name: 'mail', data: { to: 'admin@smartwork.example' }, jobId: 'kept-1' });
    await before.close();

    const after = new InProcessJobQueue({ jobNames: ['mail'], db: database.db, pollMs: 20, logger: quiet });
    after.registerProcessor({ name: 'mail', process: async (data: { to: string }) => `sent to ${data.to}` });
    await after.startWorker();
    expect(await finishedStatus(after, 'kept-1')).toMatchObject({
      state: 'completed',
      result: 'sent to admin@smartwork.example',
    });
    await after.close();
  });

  it('runs again a job whose worker died while running it, once its lease ran out', async () => {
    // What a worker that died mid-job leaves behind: an active job whose lease is over.
    await sql`insert into jobs (id, name, data, state, attempts_made, max_attempts, locked_until)
              values ('orphan-1', 'mail', '{"to": "admin"}', 'active', 1, 5, now() - interval '1 second')`.execute(
      database.db,
    );
    const restarted = new InProcessJobQueue({
      jobNames: ['mail'],
      db: database.db,
      pollMs: 20,
      logger: quiet,
    });
    const attempts: number[] = [];
    restarted.registerProcessor({
      name: 'mail',
      process: async (_data, context) => {
        attempts.push(context.attempt);
        return 'sent';
      },
    });
    await restarted.startWorker();
    expect(await finishedStatus(restarted, 'orphan-1')).toMatchObject({ state: 'completed', result: 'sent' });
    expect(attempts).toEqual([2]);
    await restarted.close();
  });
});

/*
 * An idle worker rests: these queues never poll on their own (a ten-minute safety poll), so each
 * job below runs because something woke the worker. Without the wake-up the test runs out of time.
 */
describe('InProcessJobQueue at rest', () => {
  const RESTING = { pollMs: 600_000, notifiedPollMs: 600_000, logger: quiet };
  let database: TestDatabase;
  let other: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Another process as far as the worker can tell: its own pool and its own listening connection.
    other = openPostgres(database.url, 2);
  });
  afterAll(async () => {
    await other.close();
    await database.drop();
  });

  /** `done(jobId)` resolves once the processor has run that job. */
  function recorder() {
    const results = new Map<string, () => void>();
    return {
      done: (jobId: string) => new Promise<void>((resolve) => results.set(jobId, resolve)),
      ran: (jobId: string) => results.get(jobId)?.(),
    };
  }

  it('runs a job another process enqueued, woken by NOTIFY', async () => {
    const worker = new InProcessJobQueue({ ...RESTING, jobNames: ['mail'], db: database.db });
    const jobs = recorder();
    const sentTo: string[] = [];
    worker.registerProcessor({
      name: 'mail',
      process: async (data: { to: string }, context) => {
        sentTo.push(data.to);
        jobs.ran(context.jobId);
        return `sent to ${data.to}`;
      },
    });
    await worker.startWorker();
    const enqueuer = new InProcessJobQueue({ ...RESTING, jobNames: [], db: other.db });
    try {
      // The first job may be found by the worker's start-up look; the second only through NOTIFY.
      for (const [jobId, to] of [
        ['notified-1', 'admin@smartwork.example'],
        ['notified-2', 'payroll@smartwork.example'],
      ]) {
        const done = jobs.done(jobId);
        await enqueuer.enqueue({ name: 'mail', data: { to }, jobId });
        await done;
      }
      expect(sentTo).toEqual(['admin@smartwork.example', 'payroll@smartwork.example']);
    } finally {
      await worker.close();
      await enqueuer.close();
    }
  });

  it('runs a retry when its back-off is over, without being woken', async () => {
    const worker = new InProcessJobQueue({ ...RESTING, jobNames: ['mail'], db: database.db, backoffMs: 50 });
    const attempts: number[] = [];
    const jobs = recorder();
    worker.registerProcessor({
      name: 'mail',
      process: async (_data, context) => {
        attempts.push(context.attempt);
        if (context.attempt === 1) throw new Error('the mail server is down');
        jobs.ran(context.jobId);
        return 'sent';
      },
    });
    await worker.startWorker();
    try {
      const done = jobs.done('retried-1');
      await worker.enqueue({ name: 'mail', data: {}, jobId: 'retried-1' });
      await done;
      expect(attempts).toEqual([1, 2]);
    } finally {
      await worker.close();
    }
  });
});
