import type { ReviewExpenseRow, ReviewPagePerson } from '@portal/contracts';
import { formatDecimal } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { DataTable, dateColumn, decimalColumn, type DataColumn } from '../../../ui/data-table';
import { StateBadge, stateText } from './state-badge';

export interface ExpenseTableProps {
  readonly person: ReviewPagePerson;
  readonly rows: readonly ReviewExpenseRow[];
  readonly selected: ReadonlySet<string>;
  readonly onSelect: (ids: Set<string>) => void;
  readonly onEdit: (row: ReviewExpenseRow) => void;
  readonly listKey: string;
}

const rowName = (row: ReviewExpenseRow) => `${row.categoryName} on ${row.date}, ${row.projectName}`;

/** One person's expenses in the filter: states, the admin's edit, rows chosen to approve or return. */
export function ExpenseTable({ person, rows, selected, onSelect, onEdit, listKey }: ExpenseTableProps) {
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
      id: 'state',
      header: 'State',
      sort: 'text',
      text: (row) => stateText(row.state, row.returnReason),
      cell: (row) => <StateBadge state={row.state} reason={row.returnReason} />,
    },
  ];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (
    <DataTable
      label={`Expenses of ${person.employeeName}`}
      what="expenses"
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
      defaultSort={{ column: 'date', direction: 'ascending' }}
      totalsLabel="Total"
      listKey={listKey}
      empty={`${person.employeeName} has no expenses in this selection.`}
      selection={{
        selected,
        onChange: onSelect,
        rowName: (key) => {
          const row = byId.get(key);
          return row ? rowName(row) : key;
        },
      }}
      actions={{
        header: 'Actions',
        render: (row) =>
          row.state === 'approved' ? (
            <span className="muted">Final</span>
          ) : (
            <Button variant="secondary" aria-label={`Edit ${rowName(row)}`} onPress={() => onEdit(row)}>
              Edit
            </Button>
          ),
      }}
    />
  );
}
