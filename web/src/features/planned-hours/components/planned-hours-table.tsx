import type { MutableRefObject } from 'react';
import {
  compareToPlan,
  monthPickerLabel,
  plannedHoursTotals,
  type PlannedHoursGrid,
} from '@portal/contracts';
import { HistoryButton } from '../../../ui/history';
import { ScrollRegion } from '../../../ui/scroll-region';
import { TextField } from '../../../ui/text-field';
import { cellKey, onEnter, onLeave, planRowsOf, type CellDrafts, type CellErrors } from '../grid-drafts';
import { PlanComparisonNote } from './plan-comparison';

export interface PlannedHoursTableProps {
  readonly grid: PlannedHoursGrid;
  /** The field texts while editing; null shows the stored values. */
  readonly drafts: CellDrafts | null;
  readonly errors: CellErrors;
  readonly isSaving: boolean;
  readonly onDraftChange: (key: string, text: string) => void;
  /** The cell whose zero entering cleared, until something is typed in it (the page reads it on save). */
  readonly clearedZero: MutableRefObject<string | null>;
  /** Admins and auditors: each stored cell offers its History (audit kind 'planned-hours-cell'). */
  readonly canReadAudit: boolean;
}

/**
 * The grid: people (rows) by months (columns) of whole planned hours, each with plan against
 * actual under it; a total per person at the end of the row and the Total Hours row at the foot,
 * with the project total in its last cell. A native table so Tab goes field to field.
 */
export function PlannedHoursTable({
  grid,
  drafts,
  errors,
  isSaving,
  onDraftChange,
  clearedZero,
  canReadAudit,
}: PlannedHoursTableProps) {
  const rows = planRowsOf(grid, drafts);
  const totals = plannedHoursTotals(grid.months, rows);
  return (
    <ScrollRegion label="Planned hours grid">
      <table className="table planned-hours-table" aria-label="Planned hours">
        <thead>
          <tr>
            <th scope="col" className="table__column planned-hours-table__name">
              Name
            </th>
            {grid.months.map((month) => (
              <th key={month} scope="col" className="table__column table__cell--number">
                {monthPickerLabel(month)}
              </th>
            ))}
            <th scope="col" className="table__column table__cell--number">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {grid.people.map((person, index) => {
            const row = rows[index]!;
            const total = totals.perPerson.get(person.employeeId)!;
            return (
              <tr key={person.employeeId} className="table__row">
                <th scope="row" className="table__cell planned-hours-table__name">
                  {person.name}
                  {person.isActive ? null : <span className="muted"> (inactive)</span>}
                </th>
                {grid.months.map((month) => {
                  const key = cellKey(person.employeeId, month);
                  const comparison = compareToPlan(row.planned[month], row.actual[month]);
                  return (
                    <td key={month} className="table__cell table__cell--number planned-hours-table__cell">
                      {drafts ? (
                        <TextField
                          label={`Planned hours for ${person.name}, ${monthPickerLabel(month)}`}
                          hideLabel
                          inputMode="numeric"
                          autoComplete="off"
                          value={drafts[key] ?? ''}
                          onChange={(text) => {
                            clearedZero.current = null;
                            onDraftChange(key, text);
                          }}
                          onFocus={() => {
                            const text = drafts[key] ?? '';
                            const entered = onEnter(text);
                            clearedZero.current = entered === text ? null : key;
                            onDraftChange(key, entered);
                          }}
                          onBlur={() => {
                            onDraftChange(key, onLeave(drafts[key] ?? '', clearedZero.current === key));
                            clearedZero.current = null;
                          }}
                          errorMessage={errors[key]}
                          isDisabled={isSaving}
                          className="planned-hours-table__field"
                        />
                      ) : (
                        <span className="planned-hours-table__planned">{person.planned[month] ?? ''}</span>
                      )}
                      {canReadAudit && !drafts ? (
                        <HistoryButton
                          entityKind="planned-hours-cell"
                          entityId={`${grid.projectId}:${person.employeeId}:${month}`}
                          name={`${person.name}, ${monthPickerLabel(month)}`}
                          variant="ghost"
                        />
                      ) : null}
                      <PlanComparisonNote comparison={comparison} />
                    </td>
                  );
                })}
                <td className="table__cell table__cell--number planned-hours-table__total">
                  <span className="planned-hours-table__planned">{total.planned}</span>
                  <PlanComparisonNote comparison={total} />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="table__footer">
          <tr>
            <th scope="row" className="table__cell planned-hours-table__name">
              Total Hours
            </th>
            {grid.months.map((month) => (
              <td key={month} className="table__cell table__cell--number">
                <span className="planned-hours-table__planned">{totals.perMonth[month]!.planned}</span>
                <PlanComparisonNote comparison={totals.perMonth[month]!} />
              </td>
            ))}
            <td className="table__cell table__cell--number planned-hours-table__total">
              <span className="planned-hours-table__planned">{totals.project.planned}</span>
              <PlanComparisonNote comparison={totals.project} />
            </td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
