import type { AdminTimesheetEditRequest, ReviewFilters, ReviewTimeRow } from '@portal/contracts';
import { adminTimesheetEditCheck } from '../../../lib/timesheets/edit-checks';
import type { TimesheetEditor } from '../../../ui/timesheets/edit-timesheet-dialog';
import { useAdminCorrectTimesheet } from '../api/review-commands';

/**
 * The admin changing a person's entry (admin spec §7, `PUT /api/admin/timesheets/:id`): the
 * projects of the review's scope, any day, hours in the entry step (0.1, as the person's entry
 * form, §5); the person sees the change in their own list.
 */
export function useAdminTimesheetEditor(
  filters: ReviewFilters,
): TimesheetEditor<ReviewTimeRow, AdminTimesheetEditRequest> {
  const correct = useAdminCorrectTimesheet();
  return {
    lists: { projects: filters.projects, subProjects: filters.subProjects },
    intro: (row) =>
      `${row.employeeName}: the person sees the change, with its before and after, in their own list.`,
    reloadLabel: 'Reload the review',
    check: (draft, row) => adminTimesheetEditCheck(draft, row.employeeId),
    send: (row, edit, _confirmedLate, callbacks) => correct.mutate({ entryId: row.id, edit }, callbacks),
    isPending: correct.isPending,
  };
}
