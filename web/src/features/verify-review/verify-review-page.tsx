import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { expenseMessages, type ExpenseRow, type TimesheetRow } from '@portal/contracts';
import type { CurrentUser } from '../../lib/current-user';
import { useCurrentUser } from '../../lib/current-user';
import { expensesKey, useExpenses } from '../../lib/expenses/get-expenses';
import { useBillableProjects } from '../../lib/projects';
import { timesheetsKey, useTimesheets } from '../../lib/timesheets/get-timesheets';
import { EditExpenseDialog } from '../../ui/expenses/edit-expense-dialog';
import { usePersonExpenseEditor } from '../../ui/expenses/person-expense-editor';
import { ContractorTotals } from '../../ui/expenses/expense-columns';
import { EmptyState } from '../../ui/query-state';
import { EditTimesheetDialog } from '../../ui/timesheets/edit-timesheet-dialog';
import { usePersonTimesheetEditor } from '../../ui/timesheets/person-timesheet-editor';
import { useLatestEntryDate } from './api/verify-review-queries';
import { InvoiceDialog } from './components/invoice-dialog';
import { ReceiptFiles } from './components/receipt-files';
import { VerifyActions } from './components/verify-actions';
import { VerifyFilters } from './components/verify-filters';
import { VerifyExpenseTable, VerifyTimeTable } from './components/verify-tables';
import { initialSelectionOf, rangeActionsNote, useVerifySelection } from './use-verify-selection';
import { businessToday } from '../../lib/business-day';
import { Page } from '../../ui/page';
import './verify-review.css';

/** '/verify-review': the person checks a period of one project and verifies its time and expenses. */
export function VerifyReviewPage() {
  const current = useCurrentUser();
  if (current.status !== 'signed-in') return null;
  return <VerifyReview user={current.user} />;
}

function VerifyReview({ user }: { user: CurrentUser }) {
  const today = businessToday();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialSelectionOf(params));
  const latest = useLatestEntryDate();
  const projects = useBillableProjects();
  const selection = useVerifySelection(today, latest.data?.latestDate ?? null, initial, projects);
  const queryClient = useQueryClient();
  const timesheetEditor = usePersonTimesheetEditor(today);
  const expenseEditor = usePersonExpenseEditor(today);
  const [editingTime, setEditingTime] = useState<TimesheetRow | null>(null);
  const [editingExpense, setEditingExpense] = useState<ExpenseRow | null>(null);
  const [showFiles, setShowFiles] = useState(false);
  const [invoiceOpen, setInvoiceOpen] = useState(false);

  const { projectId, range, rangeError } = selection;
  // The rows wait for the project's cycle: its periods decide the dates asked for.
  const ready =
    projectId !== null && rangeError === undefined && !latest.isPending && !selection.cyclePending;
  const filter = { start: range.start, end: range.end, projectId, sortBy: 'date', direction: 'asc' } as const;
  const time = useTimesheets(filter, ready);
  const expenses = useExpenses(filter, ready);
  const listKey = `${range.start}/${range.end}/${projectId ?? 'none'}`;

  const rowName =
    time.data?.rows.find((r) => r.projectId === projectId)?.projectName ??
    expenses.data?.rows.find((r) => r.projectId === projectId)?.projectName ??
    null;
  const projectName = projects.data?.find((p) => p.projectId === projectId)?.name ?? rowName;
  const project = projectId !== null ? { projectId, name: projectName ?? `Project ${projectId}` } : null;
  const requireProject = () => selection.requireProject(expenseMessages.projectRequired);
  const totals = expenses.data?.contractorTotal;

  return (
    <Page title="Verify Timesheet & Expense" className="verify-page">
      <section className="card" aria-labelledby="verify-selection-title">
        <h2 id="verify-selection-title" className="card__title">
          Period and project
        </h2>
        <VerifyFilters
          employeeName={user.name}
          selection={selection}
          latest={latest}
          projects={projects.data ?? []}
          projectName={rowName}
        />
        <VerifyActions
          staffId={user.staffId}
          period={selection.actionPeriod}
          periodNote={rangeActionsNote(selection.cycle, project?.name ?? null, selection.periods[0]!)}
          project={project}
          requireProject={requireProject}
          showFiles={showFiles}
          onToggleFiles={() => setShowFiles((shown) => !shown)}
          onOpenInvoice={() => setInvoiceOpen(true)}
        />
      </section>
      {projectId === null ? (
        <section className="card">
          <EmptyState>Choose a project to see your timesheet and expenses for the period.</EmptyState>
        </section>
      ) : rangeError !== undefined ? (
        <section className="card">
          <EmptyState>Choose a valid date range to see your timesheet and expenses.</EmptyState>
        </section>
      ) : (
        <>
          <section className="card" aria-labelledby="verify-time-title">
            <h2 id="verify-time-title" className="card__title">
              Contractor Timesheet
            </h2>
            <VerifyTimeTable list={time.data} load={time} listKey={listKey} onEdit={setEditingTime} />
          </section>
          <section className="card" aria-labelledby="verify-expenses-title">
            <h2 id="verify-expenses-title" className="card__title">
              Expenses
            </h2>
            <VerifyExpenseTable
              list={expenses.data}
              load={expenses}
              listKey={listKey}
              onEdit={setEditingExpense}
            />
            {totals ? <ContractorTotals totals={totals} /> : null}
          </section>
          {showFiles ? <ReceiptFiles rows={expenses.data?.rows} /> : null}
        </>
      )}
      <EditTimesheetDialog
        row={editingTime}
        editor={timesheetEditor}
        onClose={() => {
          setEditingTime(null);
          // The contractor total (in the expense list's answer) counts the time's value too.
          void queryClient.invalidateQueries({ queryKey: expensesKey });
        }}
        onReload={() => {
          setEditingTime(null);
          void queryClient.invalidateQueries({ queryKey: timesheetsKey });
        }}
      />
      <EditExpenseDialog
        row={editingExpense}
        editor={expenseEditor}
        onClose={() => setEditingExpense(null)}
        onReload={() => {
          setEditingExpense(null);
          void queryClient.invalidateQueries({ queryKey: expensesKey });
        }}
      />
      {selection.actionPeriod && project ? (
        <InvoiceDialog
          isOpen={invoiceOpen}
          onClose={() => setInvoiceOpen(false)}
          period={selection.actionPeriod}
          project={project}
        />
      ) : null}
    </Page>
  );
}
