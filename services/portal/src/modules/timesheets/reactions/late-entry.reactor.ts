import type { LedgerStreamEvent } from '@portal/contracts';
import { deriveEventId } from '../../../platform/event-store/command-context';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Reactor } from '../../../platform/projection/projection';
import type { JobRequest } from '../../../platform/queue/job-queue.port';
import { recordedLedgerEvent } from '../../periods';

export const LATE_ENTRY_EMAIL_JOB = 'timesheets.late-entry-email';

/** What the job needs to find the command's late changes again in the log. */
export interface LateEntryEmailJob {
  readonly streamId: string;
  readonly commandId: string;
  readonly employeeId: number;
}

/** The half of a move that withdraws from the old month: the submission in the new month reports the move. */
export function isMoveWithdrawal(event: LedgerStreamEvent): boolean {
  return event.type === 'TimesheetEntryWithdrawn' && event.data.movedTo !== null;
}

/**
 * One e-mail per command and ledger: every late event of a command asks for the same job, whose
 * id is the id of the command's first event in that ledger, so the queue keeps only one (a batch
 * of five late days is one e-mail; a batch across two months, one per month).
 */
export const lateEntryReactor: Reactor = {
  name: 'timesheets-late-entry',
  eventTypes: ['TimesheetSubmitted', 'TimesheetEntryCorrected', 'TimesheetEntryWithdrawn'],
  react(recorded: RecordedEvent): readonly JobRequest<typeof LATE_ENTRY_EMAIL_JOB, LateEntryEmailJob>[] {
    const event = recordedLedgerEvent(recorded);
    if (
      (event.type !== 'TimesheetSubmitted' &&
        event.type !== 'TimesheetEntryCorrected' &&
        event.type !== 'TimesheetEntryWithdrawn') ||
      !event.data.lateEntry ||
      isMoveWithdrawal(event)
    )
      return [];
    const data = event.data;
    const commandId = event.metadata.commandId;
    return [
      {
        name: LATE_ENTRY_EMAIL_JOB,
        jobId: deriveEventId(commandId, event.streamId, 0),
        data: { streamId: event.streamId, commandId, employeeId: data.employeeId },
      },
    ];
  },
};
