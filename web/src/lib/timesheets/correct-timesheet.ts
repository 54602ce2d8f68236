import {
  type TimesheetCommandResponse,
  type TimesheetEditInput,
  timesheetEditSchema,
} from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../api';
import { useCommandMutation } from '../command-mutation';
import { timesheetsKey } from './get-timesheets';

export { timesheetEditSchema };

const submissions = new SubmissionKeys();

export interface CorrectTimesheet {
  readonly entryId: string;
  readonly edit: TimesheetEditInput;
}

/** `PUT /api/timesheets/:id` with the version the person saw (409 when it changed meanwhile). */
export function correctTimesheet({ entryId, edit }: CorrectTimesheet): Promise<TimesheetCommandResponse> {
  return apiRequest('PUT', `/api/timesheets/${encodeURIComponent(entryId)}`, {
    body: edit,
    idempotencyKey: submissions.keyFor({ entryId, edit }),
  });
}

export function useCorrectTimesheet() {
  return useCommandMutation(submissions, correctTimesheet, timesheetsKey);
}
