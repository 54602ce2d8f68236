// Fixed dates: the e-mail job given recorded events with their own dates.
import type { EventStore, RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Mailer, MailMessage } from '../../../platform/mail/mailer.port';
import type { JobContext, JobQueue } from '../../../platform/queue/job-queue.port';
import type { ProjectDirectory } from '../../catalog';
import type { StaffQueries } from '../../staff';
import { ReviewEmailProcessor, WAIT_FOR_COMMAND_ATTEMPTS } from './review-email.processor';

/*
 * A review command appends its month ledgers one after the other; its mail job may run between two
 * appends. The job waits (fails and is retried by the queue) until every month it names is in the
 * log, and after WAIT_FOR_COMMAND_ATTEMPTS sends what is there.
 */
const request = { start: '2026-10-26', end: '2026-11-25', months: ['2026-10', '2026-11'] };
const approved = (streamId: string, month: string, entryIds: string[]): RecordedEvent =>
  ({
    id: `approved-${month}`,
    streamId,
    type: 'TimesheetsApproved',
    data: { entryIds, employeeId: 3, projectId: 12, month, request },
    metadata: { commandId: 'cmd-1' },
  }) as unknown as RecordedEvent;

function processorOver(streams: Map<string, RecordedEvent[]>) {
  const sent: MailMessage[] = [];
  const store = { readStream: async (id: string) => streams.get(id) ?? [] } as unknown as EventStore;
  const mailer = { send: async (mail: MailMessage) => void sent.push(mail) } as unknown as Mailer;
  const staff = {
    get: async () => ({ name: 'Carlos Contractor', username: 'carlos@example.test', ownerId: 1 }),
  } as unknown as StaffQueries;
  const projects = {
    get: async () => ({ name: 'Pipeline Integrity Review', billingCycle: 'Fixed Offset (26 to 25)' }),
  } as unknown as ProjectDirectory;
  const processor = new ReviewEmailProcessor({} as JobQueue, store, mailer, staff, projects);
  return { processor, sent };
}
const attempt = (n: number) => ({ jobId: 'job', attempt: n, reportProgress: async () => {} }) as JobContext;
const job = { commandId: 'cmd-1', employeeId: 3, months: request.months };

describe('the review e-mail job', () => {
  it('waits for every month the command names, then sends one mail covering them', async () => {
    const streams = new Map([['ledger-3-2026-10', [approved('ledger-3-2026-10', '2026-10', ['a', 'b'])]]]);
    const { processor, sent } = processorOver(streams);
    await expect(processor.process(job, attempt(1))).rejects.toThrow('has not recorded 2026-11 yet');
    expect(sent).toEqual([]);

    streams.set('ledger-3-2026-11', [approved('ledger-3-2026-11', '2026-11', ['c'])]);
    expect(await processor.process(job, attempt(2))).toEqual({ sent: true });
    expect(sent.map((mail) => mail.subject)).toEqual(['Approved: Pipeline Integrity Review, Nov - 2026']);
    expect(sent[0].text).toContain('- Pipeline Integrity Review: 3 time entries, 0 expenses');
  });

  it('sends what the log holds once it has waited long enough', async () => {
    const streams = new Map([['ledger-3-2026-10', [approved('ledger-3-2026-10', '2026-10', ['a'])]]]);
    const { processor, sent } = processorOver(streams);
    expect(await processor.process(job, attempt(WAIT_FOR_COMMAND_ATTEMPTS))).toEqual({ sent: true });
    expect(sent[0].text).toContain('1 time entry, 0 expenses');
  });
});
