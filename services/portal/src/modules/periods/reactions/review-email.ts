import type { LedgerStreamEvent } from '@portal/contracts';
import { deriveEventId } from '../../../platform/event-store/command-context';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Reactor } from '../../../platform/projection/projection';
import type { JobRequest } from '../../../platform/queue/job-queue.port';
import { recordedLedgerEvent } from '../projections/periods.projection';

export const REVIEW_EMAIL_JOB = 'periods.review-email';

/** Where the job finds what one review command recorded: whose ledgers, which months. */
export interface ReviewEmailJob {
  readonly commandId: string;
  readonly employeeId: number;
  /** The month ledgers the command wrote, oldest first. */
  readonly months?: readonly string[];
  /** Jobs asked for before the events named their command's months: the one ledger to read. */
  readonly streamId?: string;
}

export type ReviewMailEvent = Extract<
  LedgerStreamEvent,
  { type: 'TimesheetsApproved' | 'ExpensesApproved' | 'PeriodReturned' }
>;

/** An approval or return that names its person (approvals before issue 8 name no one: no mail). */
export function mailWorthy(event: LedgerStreamEvent): event is ReviewMailEvent {
  if (event.type === 'PeriodReturned') return true;
  return (
    (event.type === 'TimesheetsApproved' || event.type === 'ExpensesApproved') &&
    event.data.employeeId !== undefined
  );
}

/** The ledger streams a job reads. */
export function ledgersOf(job: ReviewEmailJob): string[] {
  if (job.months) return job.months.map((month) => `ledger-${job.employeeId}-${month}`);
  return job.streamId ? [job.streamId] : [];
}

/**
 * One e-mail to the person per review command, however many month ledgers its period touches
 * (a 26-to-25 period writes two): every event of the command names the command's months
 * (`request`), and all of them ask for the same job id, so the queue keeps one. Events recorded
 * before they named their command fall back to one job per command and ledger. The reactor runs
 * from the log with its own checkpoint and the queue's idempotent job ids, so no event is mailed
 * twice and none is lost while Redis is away.
 */
export const reviewEmailReactor: Reactor = {
  name: 'periods-review-email',
  eventTypes: ['TimesheetsApproved', 'ExpensesApproved', 'PeriodReturned'],
  react(recorded: RecordedEvent): readonly JobRequest<typeof REVIEW_EMAIL_JOB, ReviewEmailJob>[] {
    const event = recordedLedgerEvent(recorded);
    if (!mailWorthy(event)) return [];
    const commandId = event.metadata.commandId;
    const employeeId = event.data.employeeId!;
    const { request } = event.data;
    const key = request ? `${REVIEW_EMAIL_JOB}:${employeeId}` : `${REVIEW_EMAIL_JOB}:${event.streamId}`;
    const months = request ? request.months : [event.data.month ?? event.streamId.slice(-7)];
    return [
      {
        name: REVIEW_EMAIL_JOB,
        jobId: deriveEventId(commandId, key, 0),
        data: { commandId, employeeId, months },
      },
    ];
  },
};
