import {
  type ExpenseList,
  type ExpenseRow,
  type RowState,
  type TimesheetList,
  type TimesheetRow,
  timesheetMessages as msg,
} from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { downloadReceipt } from '../../../lib/expenses/receipt-file';
import { formatDecimal, formatTableDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { type DataColumn, DataTable, dateColumn, decimalColumn } from '../../../ui/data-table';
import type { LoadState } from '../../../ui/query-state';
import { RowStateBadge, rowStateText } from '../../../ui/row-state-badge';
import { showToast } from '../../../ui/toast';

/** Rows the person may still change here: entered, or returned to them by an admin. */
export function isEditable(row: { readonly state: RowState }): boolean {
  return row.state === 'entered' || row.state === 'returned';
}

function statusColumn<T extends { state: RowState; returnReason: string | null }>(): DataColumn<T> {
  return {
    id: 'status',
    header: 'Status',
    sort: 'text',
    text: (row) => rowStateText(row.state, row.returnReason),
    cell: (row) => <RowStateBadge state={row.state} returnReason={row.returnReason} />,
  };
}

/** Edit for rows not yet verified; a verified or approved row has no action (its status says why). */
function EditAction({ what, row, onEdit }: { what: string; row: { state: RowState }; onEdit: () => void }) {
  if (!isEditable(row)) return null;
  return (
    <Button variant="secondary" aria-label={`Edit ${what}`} onPress={onEdit}>
      Edit
    </Button>
  );
}

interface TableProps<L, R> {
  readonly list: L | undefined;
  readonly load: LoadState;
  readonly listKey: string;
  readonly onEdit: (row: R) => void;
}

function timeColumns(list: TimesheetList | undefined): DataColumn<TimesheetRow>[] {
  const subProjects = list?.rows.some((row) => row.subProjectId !== null) ?? false;
  return [
    dateColumn('date', 'Date', (row) => row.date, { isRowHeader: true }),
    ...(subProjects
      ? [
          {
            id: 'subProject',
            header: 'Sub-project',
            sort: 'text',
            text: (row) => row.subProjectName ?? '',
          } satisfies DataColumn<TimesheetRow>,
        ]
      : []),
    {
      id: 'activity',
      header: 'Activity',
      sort: 'text',
      text: (row) => row.activity,
      cell: (row) =>
        row.activity.trim() ? row.activity : <span className="muted">{msg.emptyActivity}</span>,
    },
    decimalColumn('hours', 'Hours', (row) => row.hours, 0, {
      total: list ? formatDecimal(list.totals.hours) : undefined,
    }),
    ...(list?.showOvertime
      ? [
          decimalColumn<TimesheetRow>('overtime', 'Overtime', (row) => row.overtimeHours, 0, {
            total: formatDecimal(list.totals.overtimeHours),
          }),
        ]
      : []),
    decimalColumn('value', 'Value', (row) => row.value, 2, {
      total: list ? formatDecimal(list.totals.value, 2) : undefined,
    }),
    statusColumn<TimesheetRow>(),
  ];
}

/** The contractor's timesheet of the selection, with its totals (from the API). */
export function VerifyTimeTable({ list, load, listKey, onEdit }: TableProps<TimesheetList, TimesheetRow>) {
  return (
    <DataTable
      label="Contractor timesheet"
      what="timesheets"
      rows={list?.rows}
      load={load}
      listKey={listKey}
      rowKey={(row) => row.id}
      columns={timeColumns(list)}
      defaultSort={{ column: 'date', direction: 'ascending' }}
      totalsLabel="Total"
      empty={msg.recordsNotFound}
      emptyAction={<span>No time on this project in the selection. Add it on the Timesheets screen.</span>}
      actions={{
        header: 'Actions',
        render: (row) => (
          <EditAction what={`time on ${formatTableDate(row.date)}`} row={row} onEdit={() => onEdit(row)} />
        ),
      }}
    />
  );
}

function Receipt({ row }: { row: ExpenseRow }) {
  if (!row.receiptId) return <span className="muted">None</span>;
  const receiptId = row.receiptId;
  const name = row.receiptFileName ?? 'receipt.pdf';
  return (
    <Button
      variant="ghost"
      className="link-button"
      aria-label={`Download receipt ${name}`}
      onPress={() => {
        downloadReceipt(receiptId, name).catch((error: unknown) => showToast(errorMessage(error), 'danger'));
      }}
    >
      {name}
    </Button>
  );
}

function expenseColumns(list: ExpenseList | undefined): DataColumn<ExpenseRow>[] {
  return [
    dateColumn('date', 'Date', (row) => row.date, { isRowHeader: true }),
    { id: 'category', header: 'Expense Type', sort: 'text', text: (row) => row.categoryName },
    {
      id: 'amount',
      header: 'Currency',
      sort: 'text',
      sortValue: (row) => row.currency,
      text: (row) => `${row.currency} ${formatDecimal(row.amount, 2)}`,
    },
    decimalColumn('claimed', 'Claimed', (row) => row.claimed, 2, {
      cell: (row) => (
        <>
          {formatDecimal(row.claimed, 2)} <span className="muted">{row.projectCurrency ?? '-'}</span>
        </>
      ),
      total: list ? formatDecimal(list.totals.claimed, 2) : undefined,
    }),
    {
      id: 'attachment',
      header: 'Attachment',
      text: (row) => row.receiptFileName ?? '',
      cell: (row) => <Receipt row={row} />,
    },
    { id: 'comment', header: 'Comments', sort: 'text', text: (row) => row.comment },
    statusColumn<ExpenseRow>(),
  ];
}

/** The expenses of the selection, with the claimed total (from the API). */
export function VerifyExpenseTable({ list, load, listKey, onEdit }: TableProps<ExpenseList, ExpenseRow>) {
  return (
    <DataTable
      label="Expenses"
      what="expenses"
      rows={list?.rows}
      load={load}
      listKey={listKey}
      rowKey={(row) => row.id}
      columns={expenseColumns(list)}
      defaultSort={{ column: 'date', direction: 'ascending' }}
      totalsLabel="Total"
      empty="No expenses in this selection."
      emptyAction={<span>Claim expenses on the Expenses screen.</span>}
      actions={{
        header: 'Actions',
        render: (row) => (
          <EditAction
            what={`expense ${row.categoryName} on ${formatTableDate(row.date)}`}
            row={row}
            onEdit={() => onEdit(row)}
          />
        ),
      }}
    />
  );
}
