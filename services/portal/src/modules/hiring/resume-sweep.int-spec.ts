import { onBullMq } from '../../../test/bullmq-queue';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { candidateMessages as msg } from '@portal/contracts';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventCount, expectRefused } from '../../../test/event-log';
import { candidateForm, RESUME_PDF, uploadedResume } from '../../../test/hiring-fixtures';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/services';
import { eventually } from '../../../test/waiting';
import { EventStore } from '../../platform/event-store/event-store.port';
import { FileStorage } from '../../platform/files/file-storage.port';
import { JobQueue } from '../../platform/queue/job-queue.port';
import {
  RESUME_SWEEP_JOB,
  RESUME_SWEEP_SCHEDULER,
  type ResumeSweepResult,
} from './reactions/resume-sweep.processor';

const ADA = 1; // firm admin
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const people = () => new InMemoryStaffDirectory([testPerson(ADA, 'Ada Admin', { isAdmin: true })]);

/**
 * The hourly resume sweep on the embedded queue, the app's clock moved past a day: an upload no
 * candidate named is kept for 24 hours, then its file is deleted and `ResumeDiscarded` recorded by
 * the system; a named one is never swept.
 */
describe('the resume sweep', () => {
  let t: TestApp;
  let dataDir: string;
  let runs = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'resume-sweep-int-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir }, staffDirectory: people() });
  });

  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const advance = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));
  /** A sign-in at the clock's time (a dev token holds for 12 hours of it). */
  const admin = () => t.signIn(ADA);
  const upload = async () => uploadedResume(t, await admin(), RESUME_PDF);
  const stored = (resumeId: string) => t.app.get(FileStorage).exists(`resumes/${resumeId}`);
  const streamOf = (resumeId: string) => t.app.get(EventStore).readStream(`resume-${resumeId}`);
  const typesOf = async (resumeId: string) => (await streamOf(resumeId)).map((e) => e.type);
  const addCandidate = async (resumeId: string) =>
    t.http('POST', '/api/admin/hiring/candidates', { token: await admin(), body: candidateForm(resumeId) });

  /** A run as its scheduler starts one: a job on the portal's queue, run by its worker. */
  async function sweep(): Promise<{ jobId: string; result: ResumeSweepResult }> {
    await t.projectionsCaughtUp();
    const queue = t.app.get(JobQueue);
    const jobId = `resume-sweep-test-${++runs}`;
    await queue.enqueue({ name: RESUME_SWEEP_JOB, jobId, data: {} });
    const done = await eventually(async () => {
      const status = await queue.status(jobId);
      return status?.state === 'completed' || status?.state === 'failed' ? status : null;
    });
    expect(done.state).toBe('completed');
    return { jobId, result: done.result as ResumeSweepResult };
  }

  it('keeps an upload no candidate named for a day, then deletes its file and records why', async () => {
    const uploadedAt = t.clock.now();
    const [named, left] = [await upload(), await upload()];

    advance(23 * HOUR);
    expect((await sweep()).result).toEqual({ discarded: 0 });
    expect([await stored(named), await stored(left)]).toEqual([true, true]);
    expect((await addCandidate(named)).status).toBe(201);

    // At exactly 24 hours it is kept still: only more than a day is too long.
    advance(HOUR);
    expect((await sweep()).result).toEqual({ discarded: 0 });
    expect(await stored(left)).toBe(true);

    advance(MINUTE);
    const { jobId, result } = await sweep();
    expect(result).toEqual({ discarded: 1 });
    expect(await stored(left)).toBe(false);
    const [uploaded, discarded, ...more] = await streamOf(left);
    expect(more).toEqual([]);
    expect(uploaded!.metadata.occurredAt).toBe(uploadedAt.toISOString());
    expect(discarded).toMatchObject({
      type: 'ResumeDiscarded',
      data: { resumeId: left, reason: 'unattached', uploadedAt: uploadedAt.toISOString() },
      metadata: {
        actor: { id: 'system', name: 'Resume sweep' },
        occurredAt: t.clock.now().toISOString(),
        correlationId: jobId,
        causationId: uploaded!.id,
        commandId: `resume-sweep:${left}`,
      },
    });

    // The named one stays, however long it is kept.
    advance(30 * 24 * HOUR);
    expect((await sweep()).result).toEqual({ discarded: 0 });
    expect(await stored(named)).toBe(true);
    expect(await typesOf(named)).toEqual(['ResumeUploaded', 'ResumeAttached']);
  });

  it('refuses a discarded resume to a candidate, even were its file still there', async () => {
    const left = await upload();
    advance(25 * HOUR);
    expect((await sweep()).result).toEqual({ discarded: 1 });
    const unknown = [{ path: 'resumeId', message: msg.resumeUnknown }];
    await expectRefused(t, addCandidate(left), 400, unknown);

    // A file left behind (a crash between the record and the delete) does not bring it back.
    await t.app.get(FileStorage).put(`resumes/${left}`, Readable.from([RESUME_PDF]));
    await expectRefused(t, addCandidate(left), 400, unknown);
    expect(await typesOf(left)).toEqual(['ResumeUploaded', 'ResumeDiscarded']);
  });

  it('runs twice safely, and discards an upload whose file is gone already', async () => {
    const left = await upload();
    await t.app.get(FileStorage).delete(`resumes/${left}`);
    advance(25 * HOUR);
    expect((await sweep()).result).toEqual({ discarded: 1 });
    // Counted in the table: the log's gap-safe read may hold back while another worker's
    // transaction elsewhere in the cluster is open (record 0018).
    const log = await eventCount(t.db.db);
    expect((await sweep()).result).toEqual({ discarded: 0 });
    expect(await eventCount(t.db.db)).toBe(log);
    expect(await typesOf(left)).toEqual(['ResumeUploaded', 'ResumeDiscarded']);
  });
});

/** With Redis the portal schedules the sweep as a BullMQ job scheduler, every hour, once. */
describe('the resume sweep as a BullMQ job scheduler', () => {
  const prefix = uniqueRedisPrefix('resume-sweep');
  let app: TestApp;
  let redis: IORedis;
  let queue: Queue;

  beforeAll(async () => {
    redis = new IORedis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue('portal-jobs', { connection: redis, prefix });
    app = await startTestApp({
      redisUrl: TEST_REDIS_URL,
      env: { RESUME_SWEEP_ENABLED: 'true' },
      override: (builder) =>
        onBullMq(builder, { prefix, logger: { error: () => undefined, log: () => undefined } }),
    });
  });

  afterAll(async () => {
    await app?.close();
    await queue.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('is scheduled at minute 0 of every hour', async () => {
    const schedulers = async () =>
      (await queue.getJobSchedulers()).map((s) => ({
        id: s.key,
        pattern: s.pattern,
        tz: s.tz,
        name: s.name,
      }));
    await eventually(async () => (await schedulers()).length > 0);
    expect(await schedulers()).toEqual([
      { id: RESUME_SWEEP_SCHEDULER, pattern: '0 * * * *', tz: 'UTC', name: RESUME_SWEEP_JOB },
    ]);
  });
});
