import { randomUUID } from 'node:crypto';
import { eventually as until, sleep } from '../../../test/waiting';
import { jobsProcessedTotal } from '../observability/metrics';
import { JobQueue, UnrecoverableJobError, type JobStatus } from './job-queue.port';
import { DEFAULT_QUEUE_NAME, type JobQueueOptions } from './job-queue.options';

/** One queue adapter under test: `make` opens a queue (closed by the suite), `dispose` cleans up. */
export interface JobQueueFixture {
  make(options: JobQueueOptions): JobQueue;
  dispose(): Promise<void>;
}

function finished(queue: JobQueue, jobId: string): Promise<JobStatus> {
  return until(async () => {
    const status = await queue.status(jobId);
    return status && (status.state === 'completed' || status.state === 'failed') ? status : null;
  });
}

/** The behaviour both adapters (BullMQ and in-process) must share. */
export function describeJobQueueContract(label: string, setup: () => Promise<JobQueueFixture>): void {
  describe(`JobQueue contract: ${label}`, () => {
    let fixture: JobQueueFixture;
    let queues: JobQueue[];
    /** Job ids of their own per test; one has a ':' as real ids may. */
    let id: (name: string) => string;

    beforeAll(async () => {
      fixture = await setup();
    });
    afterAll(async () => {
      await fixture.dispose();
    });
    beforeEach(() => {
      queues = [];
      const run = randomUUID().slice(0, 8);
      id = (name) => `${name}:${run}`;
    });
    afterEach(async () => {
      await Promise.all(queues.map((queue) => queue.close()));
    });

    function open(options: Partial<JobQueueOptions> = {}): JobQueue {
      const queue = fixture.make({ jobNames: [], attempts: 5, backoffMs: 30, concurrency: 2, ...options });
      queues.push(queue);
      return queue;
    }

    it('processes a job and keeps its result', async () => {
      const queue = open({ jobNames: ['double'] });
      queue.registerProcessor({
        name: 'double',
        process: async (data: { n: number }) => ({ doubled: data.n * 2 }),
      });
      await queue.startWorker();
      await queue.enqueue({ name: 'double', data: { n: 21 }, jobId: id('double') });
      expect(await finished(queue, id('double'))).toEqual({
        id: id('double'),
        name: 'double',
        state: 'completed',
        progress: 0,
        result: { doubled: 42 },
      });
      expect(await queue.status(id('unknown'))).toBeNull();
    });

    it('runs a jobId once, however often it is enqueued', async () => {
      const queue = open();
      const runs: number[] = [];
      queue.registerProcessor({
        name: 'record',
        process: async (data: { n: number }) => {
          runs.push(data.n);
          return data.n;
        },
      });
      await queue.enqueue({ name: 'record', data: { n: 1 }, jobId: id('once') });
      await queue.enqueue({ name: 'record', data: { n: 2 }, jobId: id('once') });
      await queue.startWorker();
      expect((await finished(queue, id('once'))).result).toBe(1);
      await queue.enqueue({ name: 'record', data: { n: 3 }, jobId: id('once') });
      await sleep(300);
      expect(runs).toEqual([1]);
    });

    it('retries a failing job with backoff until it succeeds', async () => {
      const queue = open();
      const attempts: number[] = [];
      queue.registerProcessor({
        name: 'flaky',
        process: async (_data, context) => {
          attempts.push(context.attempt);
          if (context.attempt < 3) throw new Error(`not yet (attempt ${context.attempt})`);
          return 'done';
        },
      });
      await queue.startWorker();
      await queue.enqueue({ name: 'flaky', data: {}, jobId: id('flaky') });
      const status = await finished(queue, id('flaky'));
      expect(status.state).toBe('completed');
      expect(status.result).toBe('done');
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('fails a job after its last attempt, with the reason', async () => {
      const queue = open({ attempts: 3 });
      let tries = 0;
      queue.registerProcessor({
        name: 'broken',
        process: async () => {
          tries += 1;
          throw new Error('the export service is down');
        },
      });
      await queue.startWorker();
      await queue.enqueue({ name: 'broken', data: {}, jobId: id('broken') });
      const status = await finished(queue, id('broken'));
      expect(status).toMatchObject({ state: 'failed', failedReason: 'the export service is down' });
      expect(tries).toBe(3);
    });

    it('fails an unrecoverable job at once', async () => {
      const queue = open();
      let tries = 0;
      queue.registerProcessor({
        name: 'bad-input',
        process: async () => {
          tries += 1;
          throw new UnrecoverableJobError('period 2025-13 does not exist');
        },
      });
      await queue.startWorker();
      await queue.enqueue({ name: 'bad-input', data: {}, jobId: id('bad') });
      const status = await finished(queue, id('bad'));
      expect(status).toMatchObject({ state: 'failed', failedReason: 'period 2025-13 does not exist' });
      await sleep(200);
      expect(tries).toBe(1);
    });

    it('shows the progress a running job reports', async () => {
      const queue = open();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      queue.registerProcessor({
        name: 'zip',
        process: async (_data, context) => {
          await context.reportProgress(40);
          await held;
          await context.reportProgress(100);
          return 'receipts.zip';
        },
      });
      await queue.startWorker();
      await queue.enqueue({ name: 'zip', data: {}, jobId: id('zip') });
      try {
        const running = await until(async () => {
          const status = await queue.status(id('zip'));
          return status?.progress === 40 ? status : null;
        });
        expect(running.state).toBe('active');
      } finally {
        release(); // a failed expectation must not leave close() waiting on the held job
      }
      expect(await finished(queue, id('zip'))).toMatchObject({ state: 'completed', progress: 100 });
    });

    it('close() waits for the running job to finish', async () => {
      const queue = open();
      let started = false;
      let completed = false;
      queue.registerProcessor({
        name: 'slow',
        process: async () => {
          started = true;
          await sleep(400);
          completed = true;
          return 'ok';
        },
      });
      await queue.startWorker();
      await queue.enqueue({ name: 'slow', data: {}, jobId: id('slow') });
      await until(async () => started);
      await queue.close();
      expect(completed).toBe(true);

      // What the finished job left is what a new instance sees.
      const reopened = open();
      expect(await reopened.status(id('slow'))).toMatchObject({ state: 'completed', result: 'ok' });
    });

    it('runs a scheduled job at the occurrences of its cron pattern, with its data', async () => {
      const queue = open();
      const seen: unknown[] = [];
      const name = id('tick');
      queue.registerProcessor({
        name,
        process: async (data) => {
          seen.push(data);
          return null;
        },
      });
      await queue.startWorker();
      // Every second, read in Edmonton's time zone.
      const schedule = { name, data: { owner: 2 }, pattern: '* * * * * *', timeZone: 'America/Edmonton' };
      await queue.schedule({ ...schedule, schedulerId: id('every-second') });
      await until(async () => seen.length >= 2);
      expect(seen.slice(0, 2)).toEqual([{ owner: 2 }, { owner: 2 }]);
    });

    it('runs each occurrence once when two workers hold the same schedule', async () => {
      const first = open();
      const second = open();
      const name = id('shared-tick');
      const ran: string[] = [];
      for (const queue of [first, second]) {
        queue.registerProcessor({
          name,
          process: async (_data, context) => {
            ran.push(context.jobId);
            return null;
          },
        });
      }
      const schedule = { schedulerId: id('shared'), name, data: {}, pattern: '* * * * * *', timeZone: 'UTC' };
      // Every process schedules at start: the second one replaces the first's, it adds no other.
      await first.schedule(schedule);
      await second.schedule(schedule);
      await first.startWorker();
      await second.startWorker();
      await until(async () => ran.length >= 3);
      await first.close();
      await second.close();
      expect(new Set(ran).size).toBe(ran.length);
    });

    it('refuses a schedule whose pattern or time zone it cannot read', async () => {
      const queue = open();
      const schedule = { schedulerId: id('bad'), name: 'tick', data: {}, pattern: '0 8 * * 1-5' };
      await expect(
        queue.schedule({ ...schedule, pattern: 'every morning', timeZone: 'UTC' }),
      ).rejects.toThrow("'every morning' is no cron pattern");
      await expect(queue.schedule({ ...schedule, timeZone: 'Mars/Olympus' })).rejects.toThrow(
        'Mars/Olympus is no IANA time zone',
      );
    });

    it('refuses to start the worker when a job name has no processor', async () => {
      const queue = open({ jobNames: ['late-entry-mail', 'receipts-zip', 'export'] });
      queue.registerProcessor({ name: 'receipts-zip', process: async () => null });
      await expect(queue.startWorker()).rejects.toThrow(
        'The worker cannot start: no processor is registered for late-entry-mail, export',
      );
    });

    it('tells /metrics its depth and how each attempt ended', async () => {
      const queue = open({ attempts: 1 });
      const attempts = (job: string, outcome: string) =>
        jobsProcessedTotal.get().then((metric) => {
          const labels = { queue: DEFAULT_QUEUE_NAME, job, outcome };
          const found = metric.values.find((v) => JSON.stringify(v.labels) === JSON.stringify(labels));
          return found?.value ?? 0;
        });
      const before = (await queue.depth())!;
      expect(before.queue).toBe(DEFAULT_QUEUE_NAME);
      await queue.enqueue({ name: 'metrics-ok', data: {}, jobId: id('ok-1') });
      await queue.enqueue({ name: 'metrics-ok', data: {}, jobId: id('ok-2') });
      await queue.enqueue({ name: 'metrics-bad', data: {}, jobId: id('bad') });
      // A queue that hands jobs on (the outbox) may count one twice while handing it over: the
      // figure settles at three more waiting.
      await until(async () => (await queue.depth())!.waiting === before.waiting + 3);

      queue.registerProcessor({ name: 'metrics-ok', process: async () => 'done' });
      queue.registerProcessor({
        name: 'metrics-bad',
        process: async () => {
          throw new Error('the mail server refused it');
        },
      });
      await queue.startWorker();
      await finished(queue, id('ok-1'));
      await finished(queue, id('ok-2'));
      await finished(queue, id('bad'));

      expect(await attempts('metrics-ok', 'completed')).toBe(2);
      expect(await attempts('metrics-ok', 'failed')).toBe(0);
      expect(await attempts('metrics-bad', 'failed')).toBe(1);
      expect(await attempts('metrics-bad', 'completed')).toBe(0);
      const after = (await queue.depth())!;
      // Earlier tests of the suite share the queue: only what this one added is certain.
      expect(after.failed).toBeGreaterThanOrEqual(before.failed + 1);
    });
  });
}
