import { type ExpenseList, type ExpenseRow, expenseMessages as msg } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { formatDecimal, formatTableDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { RowActions } from '../../../ui/row-actions';
import { SavedRowsTable, type SavedRowsTableProps } from '../../../ui/saved-rows-table';
import { Cell, Column } from '../../../ui/table';
import { showToast } from '../../../ui/toast';
import { downloadReceipt } from '../api/receipt-file';

export type ExpenseTableProps = SavedRowsTableProps<ExpenseList, ExpenseRow>;

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

/** The saved expenses with the totals from the API (never added up here). */
export function ExpenseTable({ list, isLoading, sort, onSortChange, onEdit, onDelete }: ExpenseTableProps) {
  const rows = list?.rows ?? [];
  return (
    <SavedRowsTable
      label="Saved expenses"
      sort={sort}
      onSortChange={onSortChange}
      isLoading={isLoading}
      loadingText="Loading expenses…"
      emptyText={msg.recordsNotFound}
      rows={rows}
      columns={
        <>
          <Column id="date" isRowHeader allowsSorting>
            Date
          </Column>
          <Column id="project" allowsSorting>
            Project
          </Column>
          <Column id="category" allowsSorting>
            Expense Type
          </Column>
          <Column id="currency">Currency</Column>
          <Column id="claimed" allowsSorting className="table__cell--number">
            Claimed
          </Column>
          <Column id="attachment">Attachment</Column>
          <Column id="comment" allowsSorting>
            Comments
          </Column>
          <Column id="actions">Delete/edit</Column>
        </>
      }
      cells={(row) => (
        <>
          <Cell>
            <time dateTime={row.date}>{formatTableDate(row.date)}</time>
          </Cell>
          <Cell>{row.projectName}</Cell>
          <Cell>{row.categoryName}</Cell>
          <Cell>
            <span className="expense-table__currency">{row.currency}</span>{' '}
            <span className="muted">{formatDecimal(row.amount, 2)}</span>
          </Cell>
          <Cell className="table__cell--number">
            {formatDecimal(row.claimed, 2)} <span className="muted">{row.projectCurrency ?? '-'}</span>
          </Cell>
          <Cell>
            <Attachment row={row} />
          </Cell>
          <Cell>{row.comment}</Cell>
          <Cell>
            <RowActions
              isApproved={row.isApproved}
              approvedLabel="Approved"
              what={`expense from ${row.projectName} on ${formatTableDate(row.date)}`}
              onEdit={() => onEdit(row)}
              onDelete={() => onDelete(row)}
            />
          </Cell>
        </>
      )}
      totals={
        list && rows.length > 0 ? (
          <>
            <Cell>{''}</Cell>
            <Cell>{''}</Cell>
            <Cell>{''}</Cell>
            <Cell className="table__cell--number">{formatDecimal(list.totals.claimed, 2)}</Cell>
            <Cell>{''}</Cell>
            <Cell>{''}</Cell>
            <Cell>{''}</Cell>
          </>
        ) : null
      }
    />
  );
}
