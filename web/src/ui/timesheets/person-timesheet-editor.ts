import {
  EDIT_HOURS_STEP,
  isLateEntry,
  type TimesheetEditRequest,
  timesheetMessages as msg,
  type TimesheetRow,
  timesheetWindow,
} from '@portal/contracts';
import { useCorrectTimesheet } from '../../lib/timesheets/correct-timesheet';
import { personTimesheetEditCheck } from '../../lib/timesheets/edit-checks';
import type { TimesheetEditor } from './edit-timesheet-dialog';

/**
 * The person changing their own entry (`PUT /api/timesheets/:id`): their billable projects, days of
 * the entry window, hours in steps of 0.5 (spec §2, §5; the API checks the same), the entry rules,
 * and the late-entry question for a day before this week's Monday.
 */
export function usePersonTimesheetEditor(today: string): TimesheetEditor<TimesheetRow, TimesheetEditRequest> {
  const correct = useCorrectTimesheet();
  return {
    hoursStep: EDIT_HOURS_STEP,
    dateWindow: timesheetWindow(today),
    reloadLabel: 'Reload timesheets',
    lockedMessage: (row) => msg.notEditable(row.projectName),
    check: (draft, row, choice) => personTimesheetEditCheck(draft, row, choice.facts(today)),
    isLate: (edit, row) => isLateEntry(edit.date, today) || isLateEntry(row.date, today),
    send: (row, edit, confirmLate, callbacks) =>
      correct.mutate({ entryId: row.id, edit: { ...edit, confirmLate } }, callbacks),
    isPending: correct.isPending,
  };
}
