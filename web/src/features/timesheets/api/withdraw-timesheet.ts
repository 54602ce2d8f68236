import type { TimesheetCommandResponse } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { useCommandMutation } from '../../../lib/command-mutation';
import { timesheetsKey } from '../../../lib/timesheets/get-timesheets';

const submissions = new SubmissionKeys();

export interface WithdrawTimesheet {
  readonly entryId: string;
  readonly version: number;
}

/** `DELETE /api/timesheets/:id?version=`. */
export function withdrawTimesheet(request: WithdrawTimesheet): Promise<TimesheetCommandResponse> {
  return apiRequest('DELETE', `/api/timesheets/${encodeURIComponent(request.entryId)}`, {
    query: { version: request.version },
    idempotencyKey: submissions.keyFor(request),
  });
}

export function useWithdrawTimesheet() {
  return useCommandMutation(submissions, withdrawTimesheet, timesheetsKey);
}
