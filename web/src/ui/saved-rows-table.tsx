import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from './data-table';
import type { LoadState } from './query-state';
import { RowActions } from './row-actions';

/** A saved ledger row: dated, editable and deletable until it is approved. */
interface SavedRow {
  readonly id: string;
  readonly isApproved: boolean;
}

export interface SavedRowsTableProps<T extends SavedRow> {
  readonly label: string;
  readonly what: string;
  readonly rows: readonly T[] | undefined;
  readonly load: LoadState;
  /** Names the list shown (period, project): a new one starts on page 1. */
  readonly listKey: string;
  readonly columns: readonly DataColumn<T>[];
  readonly emptyText: string;
  readonly emptyAction?: ReactNode;
  readonly actionsHeader: string;
  readonly approvedLabel: string;
  /** Completes the buttons' names: 'Edit {describe(row)}'. */
  readonly describe: (row: T) => string;
  readonly onEdit: (row: T) => void;
  readonly onDelete: (row: T) => void;
}

/** A person's saved timesheets or expenses: oldest first, totals from the API, edit and delete. */
export function SavedRowsTable<T extends SavedRow>(props: SavedRowsTableProps<T>) {
  const { approvedLabel, describe, onEdit, onDelete } = props;
  return (
    <DataTable
      label={props.label}
      what={props.what}
      rows={props.rows}
      load={props.load}
      listKey={props.listKey}
      rowKey={(row) => row.id}
      columns={props.columns}
      defaultSort={{ column: 'date', direction: 'ascending' }}
      totalsLabel="Total"
      empty={props.emptyText}
      emptyAction={props.emptyAction}
      actions={{
        header: props.actionsHeader,
        render: (row) => (
          <RowActions
            isApproved={row.isApproved}
            approvedLabel={approvedLabel}
            what={describe(row)}
            onEdit={() => onEdit(row)}
            onDelete={() => onDelete(row)}
          />
        ),
      }}
    />
  );
}
