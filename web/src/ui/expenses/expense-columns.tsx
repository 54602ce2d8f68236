import type { ExpenseList, ExpenseRow } from '@portal/contracts';
import { errorMessage } from '../../lib/api';
import { downloadReceipt } from '../../lib/expenses/receipt-file';
import { formatDecimal } from '../../lib/format';
import { Button } from '../button';
import { type DataColumn, dateColumn, decimalColumn } from '../data-table';
import { showToast } from '../toast';

/** The receipt's file name, downloading it with the bearer token; 'None' without one. */
export function ReceiptLink({ row }: { row: ExpenseRow }) {
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

/**
 * The columns of a person's expense list (contractor spec §2: Date, Project, Expense Type, Currency,
 * Claimed, Attachment, Comments), the Claimed total from the API. `withProject: false` leaves the
 * project out where the list is of one project.
 */
export function expenseColumns(
  list: ExpenseList | undefined,
  { withProject }: { withProject: boolean },
): DataColumn<ExpenseRow>[] {
  return [
    dateColumn('date', 'Date', (row) => row.date, { isRowHeader: true }),
    ...(withProject
      ? [
          {
            id: 'project',
            header: 'Project',
            sort: 'text',
            text: (row) => row.projectName,
          } as DataColumn<ExpenseRow>,
        ]
      : []),
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
      cell: (row) => <ReceiptLink row={row} />,
    },
    { id: 'comment', header: 'Comments', sort: 'text', text: (row) => row.comment },
  ];
}

/** Timesheet value + expenses claimed = the contractor total, as the expense list answers them. */
export function ContractorTotals({ totals }: { totals: ExpenseList['contractorTotal'] }) {
  return (
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
  );
}
