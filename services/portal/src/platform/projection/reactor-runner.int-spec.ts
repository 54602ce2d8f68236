import { JOB_CAUSE_KEY } from '../telemetry/tracing';
import { createTestDatabase, type TestDatabase } from '../../../test/services';
import { eventually, sleep, testEvent } from '../../../test/waiting';
import type { LogPosition, RecordedEvent } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { InProcessJobQueue } from '../queue/in-process-job-queue';
import type { JobRequest } from '../queue/job-queue.port';
import { readCheckpoint } from './checkpoints';
import type { Reactor } from './projection';
import { ReactorRunner } from './reactor-runner';

const newEvent = (type: string, n: number) => testEvent(type, { n });

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Late entries make a mail job each; the jobId is the event id. */
const lateEntryMails: Reactor = {
  name: 'late-entry-mails',
  eventTypes: ['EntryLate'],
  react: (event: RecordedEvent): JobRequest[] => [
    { name: 'late-entry-mail', data: { n: (event.data as { n: number }).n }, jobId: event.id },
  ],
};

/** A queue whose enqueue fails for chosen job ids (Redis down for that moment). */
class FlakyQueue extends InProcessJobQueue {
  failFor = new Set<string>();
  override async enqueue(request: JobRequest): Promise<void> {
    if (this.failFor.has(request.jobId)) throw new Error('queue unavailable');
    await super.enqueue(request);
  }
}

describe('ReactorRunner', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let queue: FlakyQueue;
  const runners: ReactorRunner[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.db, { pollIntervalMs: 25 });
    queue = new FlakyQueue({ jobNames: [], db: database.db, logger: quiet });
  });

  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await queue.close();
    await store.close();
    await database.drop();
  });

  function start(): ReactorRunner {
    const runner = new ReactorRunner({
      db: database.db,
      handle: database,
      eventStore: store,
      jobQueue: queue,
      reactors: [lateEntryMails],
      batchSize: 4,
      lockRetryMs: 50,
      retryInitialMs: 50,
      retryMaxMs: 100,
      idleMaxWaitMs: 200,
      logger: quiet,
    });
    runner.start();
    runners.push(runner);
    return runner;
  }

  async function appendAll(): Promise<{ late: RecordedEvent[]; last: LogPosition }> {
    for (let i = 0; i < 10; i++) {
      await store.append(`ledger-${i}`, [newEvent(i % 3 === 0 ? 'EntrySaved' : 'EntryLate', i)], 'any');
    }
    const all = await eventually(async () => {
      const read = await store.readAll(null, 100);
      return read.length === 10 && read;
    });
    return { late: all.filter((e) => e.type === 'EntryLate'), last: all[all.length - 1].position };
  }

  async function jobRows() {
    return database.db.selectFrom('jobs').select(['id', 'name', 'data']).orderBy('id').execute();
  }

  async function checkpointOf(): Promise<LogPosition | null | undefined> {
    return (await readCheckpoint(database.db, 'reactor:late-entry-mails'))?.position;
  }

  it('enqueues one job per handled event with jobId = event id, and a re-run enqueues nothing twice', async () => {
    const { late, last } = await appendAll();
    const first = start();
    await eventually(async () => {
      const position = await checkpointOf();
      return position && position.commit === last.commit && position.prepare === last.prepare;
    });
    // Each job carries the cause it was enqueued under: its event's correlation, the event itself.
    const expected = late
      .map((e) => ({
        id: e.id,
        name: 'late-entry-mail',
        data: {
          n: (e.data as { n: number }).n,
          [JOB_CAUSE_KEY]: { correlationId: e.metadata.correlationId, causationId: e.id },
        },
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(await jobRows()).toEqual(expected);

    // From the start again (checkpoint lost): the same jobs, each still once.
    await first.stop();
    await database.db
      .deleteFrom('projection_checkpoints')
      .where('name', '=', 'reactor:late-entry-mails')
      .execute();
    start();
    await eventually(async () => (await checkpointOf())?.prepare === last.prepare);
    expect(await jobRows()).toEqual(expected);
  });

  it('moves the checkpoint only over events whose jobs were enqueued', async () => {
    const { late, last } = await appendAll();
    const blocked = late[3];
    queue.failFor.add(blocked.id);
    start();

    const before = late[2].position;
    await eventually(async () => (await checkpointOf())?.prepare !== undefined);
    await sleep(400);
    const stuck = await checkpointOf();
    // Stopped just before the event whose enqueue fails, not past it.
    expect(stuck).toEqual(
      (await store.readAll(null, 100)).filter((e) => e.position.prepare < blocked.position.prepare).at(-1)
        ?.position,
    );
    expect(stuck!.prepare >= before.prepare).toBe(true);
    expect((await jobRows()).map((row) => row.id)).not.toContain(blocked.id);

    queue.failFor.clear();
    await eventually(async () => (await checkpointOf())?.prepare === last.prepare);
    expect((await jobRows()).map((row) => row.id).sort()).toEqual(late.map((e) => e.id).sort());
  });
});
