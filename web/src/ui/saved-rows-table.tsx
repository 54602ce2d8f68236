import { DataTable, LEDGER_TABLE, type TableContent } from './data-table';
import type { LoadState } from './query-state';
import { RowActions } from './row-actions';

/** A saved ledger row: dated, editable and deletable until it is approved. */
interface SavedRow {
  readonly id: string;
  readonly isApproved: boolean;
}

/** What a screen hands its table of a person's saved rows: the list answered, its load, the actions. */
export interface SavedListProps<L, R> {
  readonly list: L | undefined;
  readonly load: LoadState;
  /** Names the list shown (period, project): a new one starts on page 1. */
  readonly listKey: string;
  readonly onEdit: (row: R) => void;
  readonly onDelete: (row: R) => void;
}

export interface SavedRowsTableProps<T extends SavedRow> extends TableContent<T> {
  readonly actionsHeader: string;
  readonly approvedLabel: string;
  /** Completes the buttons' names: 'Edit {describe(row)}'. */
  readonly describe: (row: T) => string;
  readonly onEdit: (row: T) => void;
  readonly onDelete: (row: T) => void;
}

/** A person's saved timesheets or expenses: oldest first, totals from the API, edit and delete. */
export function SavedRowsTable<T extends SavedRow>({
  actionsHeader,
  approvedLabel,
  describe,
  onEdit,
  onDelete,
  ...content
}: SavedRowsTableProps<T>) {
  return (
    <DataTable
      {...content}
      {...LEDGER_TABLE}
      actions={{
        header: actionsHeader,
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
