import { useState } from 'react';
import { type ExpenseRow, expenseMessages as msg, monthOf } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { ledgerLockMessage } from '../../../lib/ledger-lock';
import { useBillableProjects } from '../../../lib/projects';
import { Button } from '../../../ui/button';
import { ProjectFilter } from '../../../ui/project-filter';
import { Select } from '../../../ui/select';
import { useRowDialogs } from '../../../ui/use-row-dialogs';
import { showToast } from '../../../ui/toast';
import { exportExpenses } from '../../../lib/downloads-expenses';
import { expensesKey, useExpenses } from '../../../lib/expenses/get-expenses';
import { expensePeriods } from '../periods';
import { DeleteExpenseDialog } from './delete-expense-dialog';
import { DownloadExpensesDialog } from './download-expenses-dialog';
import { EditExpenseDialog } from '../../../ui/expenses/edit-expense-dialog';
import { usePersonExpenseEditor } from '../../../ui/expenses/person-expense-editor';
import { ContractorTotals } from '../../../ui/expenses/expense-columns';
import { ExpenseTable } from './expense-table';

/** The person's saved expenses for one month: project filter, sorting, totals, export and zip. */
export function SavedExpenses({ today, staffId }: { today: string; staffId: number }) {
  const projects = useBillableProjects();
  const expenseEditor = usePersonExpenseEditor(today);
  const periods = expensePeriods(today);
  const [month, setMonth] = useState(periods[0]?.id ?? monthOf(today));
  const [projectId, setProjectId] = useState<number | null>(null);
  // A month already submitted for verification cannot be changed: say so before opening anything.
  const dialogs = useRowDialogs(
    (row: ExpenseRow) => ledgerLockMessage(staffId, row, msg.notEditable, 'expenses'),
    expensesKey,
  );
  const [downloading, setDownloading] = useState(false);
  const [exporting, setExporting] = useState(false);

  const period = periods.find((p) => p.id === month) ?? periods[0];
  const range = { start: period?.start ?? today, end: period?.end ?? today };
  const list = useExpenses({
    ...range,
    projectId,
    // Sorting, search and pages happen in the table; the server's order is by date.
    sortBy: 'date',
    direction: 'asc',
  });

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

  const totals = list.data?.contractorTotal;

  return (
    <section className="card" aria-labelledby="saved-expenses-title">
      <div className="split-row">
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
        <ProjectFilter projects={projects.data ?? []} value={projectId} onChange={setProjectId} />
      </div>
      <ExpenseTable
        list={list.data}
        load={list}
        listKey={`${range.start}/${range.end}/${projectId ?? 'all'}`}
        {...dialogs.actions}
      />
      {totals ? <ContractorTotals totals={totals} /> : null}
      <EditExpenseDialog {...dialogs.editDialog} editor={expenseEditor} />
      <DeleteExpenseDialog {...dialogs.deleteDialog} />
      <DownloadExpensesDialog isOpen={downloading} months={periods} onClose={() => setDownloading(false)} />
    </section>
  );
}
