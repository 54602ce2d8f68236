import type { ReviewExpenseRow, ReviewPagePerson } from '@portal/contracts';
import { formatDecimal } from '../../../lib/format';
import { dateColumn, decimalColumn, type DataColumn } from '../../../ui/data-table';
import { ReceiptDialogButton } from '../../../ui/expenses/receipt-preview';
import { ReviewTable, type ReviewTableWiring } from './review-table';

export interface ExpenseTableProps extends ReviewTableWiring<ReviewExpenseRow> {
  readonly person: ReviewPagePerson;
}

const rowName = (row: ReviewExpenseRow) => `${row.categoryName} on ${row.date}, ${row.projectName}`;

/** One person's expenses in the filter: states, the admin's edit, rows chosen to approve or return. */
export function ExpenseTable({ person, ...wiring }: ExpenseTableProps) {
  const columns: DataColumn<ReviewExpenseRow>[] = [
    dateColumn('date', 'Date', (row) => row.date, { isRowHeader: true }),
    { id: 'project', header: 'Project', sort: 'text', text: (row) => row.projectName },
    { id: 'category', header: 'Category', sort: 'text', text: (row) => row.categoryName },
    decimalColumn('amount', 'Amount', (row) => row.amount, 2, {
      text: (row) => `${formatDecimal(row.amount, 2)} ${row.currency}`,
    }),
    decimalColumn('rate', 'Rate', (row) => row.rate),
    decimalColumn('claimed', 'Claimed', (row) => row.claimed, 2, {
      total: formatDecimal(person.expensesClaimed, 2),
    }),
    { id: 'billable', header: 'Billable', sort: 'text', text: (row) => (row.isBillable ? 'Yes' : 'No') },
    { id: 'comment', header: 'Comment', sort: 'text', text: (row) => row.comment },
    {
      id: 'receipt',
      header: 'Receipt',
      text: (row) => (row.receiptId ? 'Attached' : 'None'),
      cell: (row) => (
        <ReceiptDialogButton receiptId={row.receiptId} title={`${person.employeeName}: ${rowName(row)}`} />
      ),
    },
  ];
  return (
    <ReviewTable
      {...wiring}
      historyKind="expense"
      label={`Expenses of ${person.employeeName}`}
      what="expenses"
      columns={columns}
      empty={`${person.employeeName} has no expenses in this selection.`}
      rowName={rowName}
    />
  );
}
