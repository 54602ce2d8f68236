import type {
  TimesheetEntryCorrectedData,
  TimesheetEntryWithdrawnData,
  TimesheetSubmittedData,
} from '@portal/contracts';
import { deriveEventId } from '../../../platform/event-store/command-context';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Reactor } from '../../../platform/projection/projection';
import type { JobRequest } from '../../../platform/queue/job-queue.port';

export const LATE_ENTRY_EMAIL_JOB = 'timesheets.late-entry-email';

/** What the job needs to find the command's late changes again in the log. */
export interface LateEntryEmailJob {
  readonly streamId: string;
  readonly commandId: string;
  readonly employeeId: number;
}

type LateEntryEventData = TimesheetSubmittedData | TimesheetEntryCorrectedData | TimesheetEntryWithdrawnData;

/** The half of a move that withdraws from the old month: the submission in the new month reports the move. */
export function isMoveWithdrawal(event: Pick<RecordedEvent, 'type' | 'data'>): boolean {
  return (
    event.type === 'TimesheetEntryWithdrawn' && (event.data as TimesheetEntryWithdrawnData).movedTo !== null
  );
}

/**
 * One e-mail per command and ledger: every late event of a command asks for the same job, whose
 * id is the id of the command's first event in that ledger, so the queue keeps only one (a batch
 * of five late days is one e-mail; a batch across two months, one per month).
 */
export const lateEntryReactor: Reactor = {
  name: 'timesheets-late-entry',
  eventTypes: ['TimesheetSubmitted', 'TimesheetEntryCorrected', 'TimesheetEntryWithdrawn'],
  react(event: RecordedEvent): readonly JobRequest<typeof LATE_ENTRY_EMAIL_JOB, LateEntryEmailJob>[] {
    const data = event.data as LateEntryEventData;
    if (!data.lateEntry || isMoveWithdrawal(event)) return [];
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
