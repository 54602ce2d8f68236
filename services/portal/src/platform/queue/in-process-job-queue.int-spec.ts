import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/services';
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
