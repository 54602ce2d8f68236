import type { ReactNode } from 'react';
import type { SortDescriptor } from 'react-aria-components';
import { Cell, Row, Table, TableBody, TableFooter, TableHeader } from './table';

/** The props of a sortable table of saved rows that can be edited and deleted. */
export interface SavedRowsTableProps<TList, TRow> {
  readonly list: TList | undefined;
  readonly isLoading: boolean;
  readonly sort: SortDescriptor;
  readonly onSortChange: (sort: SortDescriptor) => void;
  readonly onEdit: (row: TRow) => void;
  readonly onDelete: (row: TRow) => void;
}

export interface SavedRowsTableShellProps<TRow extends { readonly id: string }> {
  readonly label: string;
  readonly sort: SortDescriptor;
  readonly onSortChange: (sort: SortDescriptor) => void;
  readonly isLoading: boolean;
  readonly loadingText: string;
  readonly emptyText: string;
  /** The `Column`s. */
  readonly columns: ReactNode;
  readonly rows: readonly TRow[];
  /** The `Cell`s of one row. */
  readonly cells: (row: TRow) => ReactNode;
  /** The `Cell`s after 'Total' in the totals row; null for no totals row. */
  readonly totals: ReactNode | null;
}

/** A sortable table of saved rows with an empty state and a totals footer (totals come from the API). */
export function SavedRowsTable<TRow extends { readonly id: string }>({
  label,
  sort,
  onSortChange,
  isLoading,
  loadingText,
  emptyText,
  columns,
  rows,
  cells,
  totals,
}: SavedRowsTableShellProps<TRow>) {
  return (
    <Table
      aria-label={label}
      sortDescriptor={sort}
      onSortChange={onSortChange}
      aria-busy={isLoading || undefined}
    >
      <TableHeader>{columns}</TableHeader>
      <TableBody
        items={rows}
        renderEmptyState={() => <div className="table__empty">{isLoading ? loadingText : emptyText}</div>}
      >
        {(row) => <Row id={row.id}>{cells(row)}</Row>}
      </TableBody>
      {totals !== null ? (
        <TableFooter>
          <Row id="totals" className="table__totals">
            <Cell>Total</Cell>
            {totals}
          </Row>
        </TableFooter>
      ) : null}
    </Table>
  );
}
