import { useState } from 'react';
import type { SortDescriptor } from 'react-aria-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ExpenseRow, type ExpenseSortField, expenseMessages as msg, monthOf } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { formatDecimal } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Select } from '../../../ui/select';
import { showToast } from '../../../ui/toast';
import { billableProjectsQuery } from '../../timesheets';
import { exportExpenses } from '../api/export-expenses';
import { expensesKey, useExpenses } from '../api/get-expenses';
import { findLedgerLock } from '../api/get-ledger-lock';
import { expensePeriods } from '../periods';
import { DeleteExpenseDialog } from './delete-expense-dialog';
import { DownloadExpensesDialog } from './download-expenses-dialog';
import { EditExpenseDialog } from './edit-expense-dialog';
import { ExpenseTable } from './expense-table';

const ALL_PROJECTS = 'all';
const SORTABLE: readonly ExpenseSortField[] = ['date', 'project', 'category', 'claimed', 'comment'];

/** The person's saved expenses for one month: project filter, sorting, totals, export and zip. */
export function SavedExpenses({ today, staffId }: { today: string; staffId: number }) {
  const queryClient = useQueryClient();
  const projects = useQuery(billableProjectsQuery);
  const periods = expensePeriods(today);
  const [month, setMonth] = useState(periods[0]?.id ?? monthOf(today));
  const [projectId, setProjectId] = useState<number | null>(null);
  const [sort, setSort] = useState<SortDescriptor>({ column: 'date', direction: 'ascending' });
  const [editing, setEditing] = useState<ExpenseRow | null>(null);
  const [deleting, setDeleting] = useState<ExpenseRow | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [exporting, setExporting] = useState(false);

  const period = periods.find((p) => p.id === month) ?? periods[0];
  const range = { start: period?.start ?? today, end: period?.end ?? today };
  const sortBy = SORTABLE.find((field) => field === sort.column) ?? 'date';
  const list = useExpenses({
    ...range,
    projectId,
    sortBy,
    direction: sort.direction === 'descending' ? 'desc' : 'asc',
  });

  // A month already submitted for verification cannot be changed: say so before opening anything.
  const whenEditable = async (row: ExpenseRow, open: (row: ExpenseRow) => void) => {
    try {
      const lock = await findLedgerLock(staffId, monthOf(row.date), row.projectId);
      if (lock) {
        showToast(msg.notEditable(lock.project || row.projectName), 'danger');
        return;
      }
    } catch {
      // The server checks again when the change is sent.
    }
    open(row);
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportExpenses({ ...range, projectId });
    } catch (error) {
      showToast(errorMessage(error), 'danger');
    } finally {
      setExporting(false);
    }
  };

  const projectOptions = [
    { id: ALL_PROJECTS, name: 'All projects' },
    ...(projects.data ?? []).map((p) => ({ id: p.projectId, name: p.name })),
  ];
  const totals = list.data?.contractorTotal;

  return (
    <section className="card" aria-labelledby="saved-expenses-title">
      <div className="expense-list__head">
        <h2 id="saved-expenses-title" className="card__title">
          Saved Expenses
        </h2>
        <div className="expense-list__tools">
          <Button variant="secondary" onPress={() => void runExport()} isPending={exporting}>
            Export
          </Button>
          <Button variant="secondary" onPress={() => setDownloading(true)}>
            Download Expenses
          </Button>
        </div>
      </div>
      <div className="filters" role="group" aria-label="Filters">
        <Select
          label="Period"
          options={periods.map((p) => ({ id: p.id, name: p.name }))}
          value={month}
          onChange={(key) => key !== null && setMonth(String(key))}
        />
        <Select
          label="Filter by project"
          options={projectOptions}
          value={projectId ?? ALL_PROJECTS}
          onChange={(key) => setProjectId(key === null || key === ALL_PROJECTS ? null : Number(key))}
        />
      </div>
      {list.isError ? (
        <p role="alert" className="alert alert--danger">
          {errorMessage(list.error)}
        </p>
      ) : null}
      <ExpenseTable
        list={list.data}
        isLoading={list.isPending}
        sort={sort}
        onSortChange={setSort}
        onEdit={(row) => void whenEditable(row, setEditing)}
        onDelete={(row) => void whenEditable(row, setDeleting)}
      />
      {totals ? (
        <dl className="expense-totals" aria-label="Contractor totals">
          <div>
            <dt>Timesheet value</dt>
            <dd>{formatDecimal(totals.timesheetValue, 2)}</dd>
          </div>
          <div>
            <dt>Expenses claimed</dt>
            <dd>{formatDecimal(totals.expensesClaimed, 2)}</dd>
          </div>
          <div className="expense-totals__total">
            <dt>Contractor total</dt>
            <dd>{formatDecimal(totals.total, 2)}</dd>
          </div>
        </dl>
      ) : null}
      <EditExpenseDialog
        row={editing}
        today={today}
        onClose={() => setEditing(null)}
        onReload={() => {
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: expensesKey });
        }}
      />
      <DeleteExpenseDialog row={deleting} onClose={() => setDeleting(null)} />
      <DownloadExpensesDialog isOpen={downloading} months={periods} onClose={() => setDownloading(false)} />
    </section>
  );
}
