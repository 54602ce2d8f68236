import { type TimesheetList, type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { formatDecimal, formatTableDate } from '../../../lib/format';
import { RowActions } from '../../../ui/row-actions';
import { SavedRowsTable, type SavedRowsTableProps } from '../../../ui/saved-rows-table';
import { Cell, Column } from '../../../ui/table';

export type TimesheetTableProps = SavedRowsTableProps<TimesheetList, TimesheetRow>;

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
    <SavedRowsTable
      label="Saved timesheets"
      sort={sort}
      onSortChange={onSortChange}
      isLoading={isLoading}
      loadingText="Loading timesheets…"
      emptyText={msg.recordsNotFound}
      rows={rows}
      columns={
        <>
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
        </>
      }
      cells={(row) => (
        <>
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
            <RowActions
              isApproved={row.isApproved}
              approvedLabel={msg.approvedLabel}
              what={`${row.projectName} on ${formatTableDate(row.date)}`}
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
            <Cell className="table__cell--number">{formatDecimal(list.totals.hours)}</Cell>
            {showOvertime ? (
              <Cell className="table__cell--number">{formatDecimal(list.totals.overtimeHours)}</Cell>
            ) : null}
            <Cell className="table__cell--number">{formatDecimal(list.totals.value, 2)}</Cell>
            <Cell>{''}</Cell>
          </>
        ) : null
      }
    />
  );
}
