import type { ReactNode } from 'react';
import { Checkbox } from '../checkbox';
import type { DataColumn, DataTableProps } from './data-table';

/** What a column's cell shows for a row: its `cell`, or its plain text. */
export function cellOf<T>(column: DataColumn<T>, row: T): ReactNode {
  return column.cell ? column.cell(row) : column.text(row);
}

/**
 * The phone layout of a data table: one card per row with every field, labelled, and the row's
 * actions at its foot; the totals as a last card. Nothing scrolls sideways.
 */
export function DataCards<T>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  totalsLabel,
  selection,
}: DataTableProps<T> & { rows: readonly T[] }) {
  const titleColumn = columns.find((column) => column.isRowHeader) ?? columns[0];
  const fields = columns.filter((column) => column !== titleColumn);
  return (
    <>
      <ul className="data-cards" aria-label={label}>
        {rows.map((row) => {
          const key = rowKey(row);
          return (
            <li key={key} className="data-card">
              <div className="data-card__head">
                {selection ? (
                  <Checkbox
                    isSelected={selection.selected.has(key)}
                    isDisabled={!(selection.isSelectable?.(key) ?? true)}
                    onChange={(on) => {
                      const next = new Set(selection.selected);
                      if (on) next.add(key);
                      else next.delete(key);
                      selection.onChange(next);
                    }}
                  >
                    <span className="visually-hidden">Select {selection.rowName(key)}</span>
                  </Checkbox>
                ) : null}
                {titleColumn ? (
                  <p className="data-card__title">
                    <span className="visually-hidden">{titleColumn.header}: </span>
                    {cellOf(titleColumn, row)}
                  </p>
                ) : null}
              </div>
              <dl className="data-card__fields">
                {fields.map((column) => (
                  <div key={column.id} className={column.numeric ? 'data-card__field--number' : undefined}>
                    <dt>{column.header}</dt>
                    <dd>{cellOf(column, row)}</dd>
                  </div>
                ))}
              </dl>
              {actions ? (
                <div className="data-card__actions" role="group" aria-label={actions.header}>
                  {actions.render(row)}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {totalsLabel ? (
        <dl className="data-card data-card--totals" aria-label={totalsLabel}>
          {columns
            .filter((column) => column.total !== undefined && column.total !== null)
            .map((column) => (
              <div key={column.id} className="data-card__field--number">
                <dt>{column.header}</dt>
                <dd>{column.total}</dd>
              </div>
            ))}
        </dl>
      ) : null}
    </>
  );
}
