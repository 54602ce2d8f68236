import { type ExpenseList, type ExpenseRow, expenseMessages as msg } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { formatDecimal, formatTableDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { SavedRowsTable } from '../../../ui/saved-rows-table';
import { type DataColumn, dateColumn, decimalColumn } from '../../../ui/data-table';
import type { LoadState } from '../../../ui/query-state';
import { showToast } from '../../../ui/toast';
import { downloadReceipt } from '../../../lib/expenses/receipt-file';

export interface ExpenseTableProps {
  readonly list: ExpenseList | undefined;
  readonly load: LoadState;
  /** Names the list shown (period, project): a new one starts on page 1. */
  readonly listKey: string;
  readonly onEdit: (row: ExpenseRow) => void;
  readonly onDelete: (row: ExpenseRow) => void;
}

function Attachment({ row }: { row: ExpenseRow }) {
  if (!row.receiptId) return <span className="muted">None</span>;
  const receiptId = row.receiptId;
  const name = row.receiptFileName ?? 'receipt.pdf';
  return (
    <Button
      variant="ghost"
      className="expense-table__attachment"
      aria-label={`Download receipt ${name}`}
      onPress={() => {
        downloadReceipt(receiptId, name).catch((error: unknown) => showToast(errorMessage(error), 'danger'));
      }}
    >
      {name}
    </Button>
  );
}

function columnsOf(list: ExpenseList | undefined): DataColumn<ExpenseRow>[] {
  return [
    dateColumn('date', 'Date', (row) => row.date, { isRowHeader: true }),
    { id: 'project', header: 'Project', sort: 'text', text: (row) => row.projectName },
    { id: 'category', header: 'Expense Type', sort: 'text', text: (row) => row.categoryName },
    {
      id: 'currency',
      header: 'Currency',
      // By currency code; rows of one currency keep their date order (Claimed sorts by amount).
      sort: 'text',
      sortValue: (row) => row.currency,
      text: (row) => `${row.currency} ${formatDecimal(row.amount, 2)}`,
      cell: (row) => (
        <>
          <span className="expense-table__currency">{row.currency}</span>{' '}
          <span className="muted">{formatDecimal(row.amount, 2)}</span>
        </>
      ),
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
      cell: (row) => <Attachment row={row} />,
    },
    { id: 'comment', header: 'Comments', sort: 'text', text: (row) => row.comment },
  ];
}

/** The saved expenses with the totals from the API (never added up here). */
export function ExpenseTable({ list, load, listKey, onEdit, onDelete }: ExpenseTableProps) {
  return (
    <SavedRowsTable
      label="Saved expenses"
      what="expenses"
      rows={list?.rows}
      load={load}
      listKey={listKey}
      columns={columnsOf(list)}
      emptyText={msg.recordsNotFound}
      emptyAction={<span>Add an expense with the form above, or choose another month or project.</span>}
      actionsHeader="Delete/edit"
      approvedLabel="Approved"
      describe={(row) => `expense from ${row.projectName} on ${formatTableDate(row.date)}`}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
