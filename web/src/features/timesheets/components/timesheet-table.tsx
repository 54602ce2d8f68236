import type { SortDescriptor } from 'react-aria-components';
import { type TimesheetList, type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { formatDecimal, formatTableDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Cell, Column, Row, Table, TableBody, TableFooter, TableHeader } from '../../../ui/table';

export interface TimesheetTableProps {
  readonly list: TimesheetList | undefined;
  readonly isLoading: boolean;
  readonly sort: SortDescriptor;
  readonly onSortChange: (sort: SortDescriptor) => void;
  readonly onEdit: (row: TimesheetRow) => void;
  readonly onDelete: (row: TimesheetRow) => void;
}

function RowActions({
  row,
  onEdit,
  onDelete,
}: {
  row: TimesheetRow;
  onEdit: () => void;
  onDelete: () => void;
}) {
  if (row.isApproved) return <span className="badge badge--success">{msg.approvedLabel}</span>;
  const what = `${row.projectName} on ${formatTableDate(row.date)}`;
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

/** The saved rows with totals from the API (never added up here). */
export function TimesheetTable({
  list,
  isLoading,
  sort,
  onSortChange,
  onEdit,
  onDelete,
}: TimesheetTableProps) {
  const showOvertime = list?.showOvertime ?? false;
  const rows = list?.rows ?? [];
  return (
    <Table
      aria-label="Saved timesheets"
      sortDescriptor={sort}
      onSortChange={onSortChange}
      aria-busy={isLoading || undefined}
    >
      <TableHeader>
        <Column id="date" isRowHeader allowsSorting>
          Date
        </Column>
        <Column id="project">Project</Column>
        <Column id="subProject">Sub-project</Column>
        <Column id="activity" allowsSorting>
          Activity
        </Column>
        <Column id="hours" className="table__cell--number">
          Hours
        </Column>
        {showOvertime ? (
          <Column id="overtime" className="table__cell--number">
            Overtime
          </Column>
        ) : null}
        <Column id="value" className="table__cell--number">
          Value
        </Column>
        <Column id="actions">Actions</Column>
      </TableHeader>
      <TableBody
        items={rows}
        renderEmptyState={() => (
          <div className="table__empty">{isLoading ? 'Loading timesheets…' : msg.recordsNotFound}</div>
        )}
      >
        {(row) => (
          <Row id={row.id}>
            <Cell>
              <time dateTime={row.date}>{formatTableDate(row.date)}</time>
            </Cell>
            <Cell>{row.projectName}</Cell>
            <Cell>{row.subProjectName ?? ''}</Cell>
            <Cell>
              {row.activity.trim() ? row.activity : <span className="muted">{msg.emptyActivity}</span>}
            </Cell>
            <Cell className="table__cell--number">{formatDecimal(row.hours)}</Cell>
            {showOvertime ? (
              <Cell className="table__cell--number">{formatDecimal(row.overtimeHours)}</Cell>
            ) : null}
            <Cell className="table__cell--number">{formatDecimal(row.value, 2)}</Cell>
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
            <Cell className="table__cell--number">{formatDecimal(list.totals.hours)}</Cell>
            {showOvertime ? (
              <Cell className="table__cell--number">{formatDecimal(list.totals.overtimeHours)}</Cell>
            ) : null}
            <Cell className="table__cell--number">{formatDecimal(list.totals.value, 2)}</Cell>
            <Cell>{''}</Cell>
          </Row>
        </TableFooter>
      ) : null}
    </Table>
  );
}
