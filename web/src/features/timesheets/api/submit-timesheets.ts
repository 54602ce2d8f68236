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

export function useSubmitTimesheets() {
  return useCommandMutation(submissions, submitTimesheets, timesheetsKey);
}
