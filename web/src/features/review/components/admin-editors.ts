import type {
  AdminExpenseEditRequest,
  AdminTimesheetEditRequest,
  ReviewExpenseRow,
  ReviewFilters,
  ReviewTimeRow,
} from '@portal/contracts';
import { adminExpenseEditCheck } from '../../../lib/expenses/edit-checks';
import { adminTimesheetEditCheck } from '../../../lib/timesheets/edit-checks';
import type { ExpenseEditor } from '../../../ui/expenses/edit-expense-dialog';
import type { TimesheetEditor } from '../../../ui/timesheets/edit-timesheet-dialog';
import { useAdminCorrectExpense, useAdminCorrectTimesheet } from '../api/review-commands';

const RELOAD = 'Reload the review';

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
    reloadLabel: RELOAD,
    check: (draft, row) => adminTimesheetEditCheck(draft, row.employeeId),
    send: (row, edit, _confirmedLate, callbacks) => correct.mutate({ entryId: row.id, edit }, callbacks),
    isPending: correct.isPending,
  };
}

/**
 * The admin changing a person's expense (admin spec §7, `PUT /api/admin/expenses/:id`): the
 * projects of the review's scope, any day, the rate and project currency to set.
 */
export function useAdminExpenseEditor(
  filters: ReviewFilters,
): ExpenseEditor<ReviewExpenseRow, AdminExpenseEditRequest> {
  const correct = useAdminCorrectExpense();
  return {
    who: 'admin',
    projects: filters.projects,
    intro: (row) =>
      `${row.employeeName}: receipt in ${row.currency}; the person sees the change in their own list.`,
    reloadLabel: RELOAD,
    check: (draft, row) => adminExpenseEditCheck(draft, row.employeeId),
    send: (row, edit, callbacks) => correct.mutate({ expenseId: row.id, edit }, callbacks),
    isPending: correct.isPending,
  };
}
