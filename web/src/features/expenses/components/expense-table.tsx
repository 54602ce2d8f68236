import type { SortDescriptor } from 'react-aria-components';
import { type ExpenseList, type ExpenseRow, expenseMessages as msg } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { formatDecimal, formatTableDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Cell, Column, Row, Table, TableBody, TableFooter, TableHeader } from '../../../ui/table';
import { showToast } from '../../../ui/toast';
import { downloadReceipt } from '../api/receipt-file';

export interface ExpenseTableProps {
  readonly list: ExpenseList | undefined;
  readonly isLoading: boolean;
  readonly sort: SortDescriptor;
  readonly onSortChange: (sort: SortDescriptor) => void;
  readonly onEdit: (row: ExpenseRow) => void;
  readonly onDelete: (row: ExpenseRow) => void;
}

function RowActions({
  row,
  onEdit,
  onDelete,
}: {
  row: ExpenseRow;
  onEdit: () => void;
  onDelete: () => void;
}) {
  if (row.isApproved) return <span className="badge badge--success">Approved</span>;
  const what = `expense from ${row.projectName} on ${formatTableDate(row.date)}`;
  return (
    <div className="row-actions">
      <Button variant="icon" aria-label={`Edit ${what}`} onPress={onEdit}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path
            d="M3 14.5V17h2.5l8-8-2.5-2.5-8 8zM15.7 6.8a.9.9 0 0 0 0-1.3l-1.2-1.2a.9.9 0 0 0-1.3 0l-1 1 2.5 2.5 1-1z"
            fill="currentColor"
          />
        </svg>
      </Button>
      <Button variant="icon" className="btn--danger-icon" aria-label={`Delete ${what}`} onPress={onDelete}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M6 6h8l-.7 11H6.7L6 6zm2-3h4l1 1h3v2H4V4h3l1-1z" fill="currentColor" />
        </svg>
      </Button>
    </div>
  );
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

/** The saved expenses with the totals from the API (never added up here). */
export function ExpenseTable({ list, isLoading, sort, onSortChange, onEdit, onDelete }: ExpenseTableProps) {
  const rows = list?.rows ?? [];
  return (
    <Table
      aria-label="Saved expenses"
      sortDescriptor={sort}
      onSortChange={onSortChange}
      aria-busy={isLoading || undefined}
    >
      <TableHeader>
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
      </TableHeader>
      <TableBody
        items={rows}
        renderEmptyState={() => (
          <div className="table__empty">{isLoading ? 'Loading expenses…' : msg.recordsNotFound}</div>
        )}
      >
        {(row) => (
          <Row id={row.id}>
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
              <RowActions row={row} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
            </Cell>
          </Row>
        )}
      </TableBody>
      {list && rows.length > 0 ? (
        <TableFooter>
          <Row id="totals" className="table__totals">
            <Cell>Total</Cell>
            <Cell>{''}</Cell>
            <Cell>{''}</Cell>
            <Cell>{''}</Cell>
            <Cell className="table__cell--number">{formatDecimal(list.totals.claimed, 2)}</Cell>
            <Cell>{''}</Cell>
            <Cell>{''}</Cell>
            <Cell>{''}</Cell>
          </Row>
        </TableFooter>
      ) : null}
    </Table>
  );
}
