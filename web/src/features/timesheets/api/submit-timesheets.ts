import {
  type SubmitTimesheetResponse,
  type TimesheetBatchInput,
  timesheetBatchSchema,
} from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { useCommandMutation } from '../../../lib/command-mutation';
import { timesheetsKey } from '../../../lib/timesheets/get-timesheets';

/** The schema the entry form validates with (the server parses the same one). */
export { timesheetBatchSchema };

const submissions = new SubmissionKeys();

/** `POST /api/timesheets`: a batch of days for one project. */
export function submitTimesheets(batch: TimesheetBatchInput): Promise<SubmitTimesheetResponse> {
  return apiRequest('POST', '/api/timesheets', {
    body: batch,
    idempotencyKey: submissions.keyFor(batch),
  });
}

/**
 * The key the batch was sent with, handed over for good: when no answer came back, the batch goes
 * to the offline outbox, which sends it again under this same key (the server records it once).
 */
export function handOverKey(batch: TimesheetBatchInput): string {
  const key = submissions.keyFor(batch);
  submissions.forget(batch);
  return key;
}

export function useSubmitTimesheets() {
  return useCommandMutation(submissions, submitTimesheets, timesheetsKey, 'always');
}

/**
 * One copied row (Copy last week, record 0261): the same call and key as the form's; the key is
 * forgotten once saved. The caller reloads the lists when the whole copy is sent.
 */
export async function submitCopiedRow(batch: TimesheetBatchInput): Promise<SubmitTimesheetResponse> {
  const answer = await submitTimesheets(batch);
  submissions.forget(batch);
  return answer;
}
