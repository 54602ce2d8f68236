import { useState } from 'react';
import {
  monthOf,
  reviewMessages,
  reviewPeriods,
  type ReviewExpenseRow,
  type ReviewFilters,
  type ReviewPage,
  type ReviewPagePerson,
  type ReviewTimeRow,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCanWrite } from '../../../lib/current-user';
import { ConfirmDialog } from '../../../ui/dialog';
import { DownloadAllExpensesDialog } from '../../../ui/download-all-expenses-dialog';
import { DownloadTimesheetDialog } from '../../../ui/download-timesheet-dialog';
import { EditExpenseDialog } from '../../../ui/expenses/edit-expense-dialog';
import { EditTimesheetDialog } from '../../../ui/timesheets/edit-timesheet-dialog';
import { showToast } from '../../../ui/toast';
import { reviewKey } from '../api/get-review';
import { useApproveExpenses, useApprovePeriods } from '../api/review-commands';
import { useAdminExpenseEditor, useAdminTimesheetEditor } from './admin-editors';
import { NOTHING_CHOSEN, PersonReview, type PersonSelection } from './person-review';
import { ReturnDialog } from './return-dialog';

export interface ReviewRange {
  readonly start: string;
  readonly end: string;
  /** 'Nov - 2026', or '2026-11-01 to 2026-11-30'. */
  readonly label: string;
}

export interface ReviewResultsProps {
  readonly page: ReviewPage;
  readonly filters: ReviewFilters;
  readonly range: ReviewRange;
  readonly projectId: number | null;
  readonly today: string;
  /** Names the list shown: a new filter or page clears what was chosen. */
  readonly listKey: string;
  /** A past view ('as of'): the people's tables without any action. */
  readonly readOnly: boolean;
}

type Person = ReviewPagePerson;

/**
 * The people of one page, each with their tables and actions, and the dialogs those open: the
 * admin's edits, approve all (with its confirmation), approve the chosen expenses, return with a
 * reason, and the two downloads.
 */
export function ReviewResults({
  page,
  filters,
  range,
  projectId,
  today,
  listKey,
  readOnly,
}: ReviewResultsProps) {
  const queryClient = useQueryClient();
  const canWrite = useCanWrite();
  const [chosen, setChosen] = useState<{ key: string; byPerson: ReadonlyMap<number, PersonSelection> }>({
    key: listKey,
    byPerson: new Map(),
  });
  const selections = chosen.key === listKey ? chosen.byPerson : new Map<number, PersonSelection>();
  const selectionOf = (employeeId: number) => selections.get(employeeId) ?? NOTHING_CHOSEN;
  const choose = (employeeId: number, selection: PersonSelection) =>
    setChosen({ key: listKey, byPerson: new Map(selections).set(employeeId, selection) });

  const [editingTime, setEditingTime] = useState<ReviewTimeRow | null>(null);
  const [editingExpense, setEditingExpense] = useState<ReviewExpenseRow | null>(null);
  const [approvingAll, setApprovingAll] = useState<Person | null>(null);
  const [approvingChosen, setApprovingChosen] = useState<Person | null>(null);
  const [returning, setReturning] = useState<Person | null>(null);
  const [timesheetsOf, setTimesheetsOf] = useState<Person | null>(null);
  const [expensesOf, setExpensesOf] = useState<Person | null>(null);
  const approveAll = useApprovePeriods();
  const approveChosen = useApproveExpenses();
  const timeEditor = useAdminTimesheetEditor(filters);
  const expenseEditor = useAdminExpenseEditor(filters);

  const reload = () => void queryClient.invalidateQueries({ queryKey: reviewKey });
  const closeEdits = () => {
    setEditingTime(null);
    setEditingExpense(null);
  };
  const outcome = (close: () => void, employeeId: number) => ({
    onSuccess: () => {
      showToast(reviewMessages.approved, 'success');
      choose(employeeId, NOTHING_CHOSEN);
      close();
    },
    onError: () => {
      showToast(reviewMessages.approveFailed, 'danger');
      close();
    },
  });
  const projectsOf = (person: Person) =>
    projectId === null ? person.projects : person.projects.filter((p) => p.projectId === projectId);
  const rowsOf = (person: Person) => {
    const { entries, expenses } = selectionOf(person.employeeId);
    return {
      entries: page.time.filter((r) => r.employeeId === person.employeeId && entries.has(r.id)),
      expenses: page.expenses.filter((r) => r.employeeId === person.employeeId && expenses.has(r.id)),
    };
  };

  return (
    <>
      {page.people.map((person) => (
        <PersonReview
          key={person.employeeId}
          person={person}
          time={page.time.filter((r) => r.employeeId === person.employeeId)}
          expenses={page.expenses.filter((r) => r.employeeId === person.employeeId)}
          showOvertime={page.showOvertime}
          selection={selectionOf(person.employeeId)}
          onSelect={(selection) => choose(person.employeeId, selection)}
          listKey={listKey}
          pastView={readOnly}
          onEditTime={setEditingTime}
          onEditExpense={setEditingExpense}
          onApproveAll={() => setApprovingAll(person)}
          onApproveSelected={() => setApprovingChosen(person)}
          onReturn={() => setReturning(person)}
          onDownloadTimesheets={() => setTimesheetsOf(person)}
          onDownloadExpenses={() => setExpensesOf(person)}
          readOnly={readOnly || !canWrite}
        />
      ))}

      <EditTimesheetDialog
        row={editingTime}
        editor={timeEditor}
        onClose={closeEdits}
        onReload={() => {
          closeEdits();
          reload();
        }}
      />
      <EditExpenseDialog
        row={editingExpense}
        editor={expenseEditor}
        onClose={closeEdits}
        onReload={() => {
          closeEdits();
          reload();
        }}
      />

      <ConfirmDialog
        title="Approve all?"
        isOpen={approvingAll !== null}
        confirmLabel="Yes, approve"
        cancelLabel="No"
        isPending={approveAll.isPending}
        onCancel={() => setApprovingAll(null)}
        onConfirm={() => {
          if (!approvingAll) return;
          const requests = projectsOf(approvingAll).map((p) => ({
            employeeId: approvingAll.employeeId,
            projectId: p.projectId,
            start: range.start,
            end: range.end,
          }));
          approveAll.mutate(
            requests,
            outcome(() => setApprovingAll(null), approvingAll.employeeId),
          );
        }}
      >
        {approvingAll ? (
          <>
            <p>{`Approve every time entry and expense of ${approvingAll.employeeName} for ${range.label}?`}</p>
            <p>{`Projects: ${projectsOf(approvingAll)
              .map((p) => p.name)
              .join(', ')}.`}</p>
            <p className="muted">Approved rows are final: the person can no longer change them.</p>
          </>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        title="Approve selected expenses?"
        isOpen={approvingChosen !== null}
        confirmLabel="Yes, approve"
        cancelLabel="No"
        isPending={approveChosen.isPending}
        onCancel={() => setApprovingChosen(null)}
        onConfirm={() => {
          if (!approvingChosen) return;
          const expenseIds = [...selectionOf(approvingChosen.employeeId).expenses];
          approveChosen.mutate(
            { employeeId: approvingChosen.employeeId, expenseIds },
            outcome(() => setApprovingChosen(null), approvingChosen.employeeId),
          );
        }}
      >
        {approvingChosen ? (
          <p>{`Approve the ${selectionOf(approvingChosen.employeeId).expenses.size} selected expenses of ${approvingChosen.employeeName}? Approved expenses are final for the person.`}</p>
        ) : null}
      </ConfirmDialog>

      <ReturnDialog
        person={returning}
        range={range}
        chosen={returning ? rowsOf(returning) : { entries: [], expenses: [] }}
        initialProjectId={projectId}
        onReturned={() => returning && choose(returning.employeeId, NOTHING_CHOSEN)}
        onClose={() => setReturning(null)}
      />

      <DownloadTimesheetDialog
        isOpen={timesheetsOf !== null}
        today={today}
        projects={filters.projects}
        employee={
          timesheetsOf ? { staffId: timesheetsOf.employeeId, name: timesheetsOf.employeeName } : undefined
        }
        periodsOf={reviewPeriods}
        initialProjectId={projectId}
        onClose={() => setTimesheetsOf(null)}
      />
      <DownloadAllExpensesDialog
        isOpen={expensesOf !== null}
        today={today}
        employee={expensesOf ? { staffId: expensesOf.employeeId, name: expensesOf.employeeName } : null}
        projects={filters.projects.map((p) => ({ id: p.projectId, name: p.name }))}
        initialMonth={monthOf(range.start)}
        initialProjectId={projectId}
        onClose={() => setExpensesOf(null)}
      />
    </>
  );
}
