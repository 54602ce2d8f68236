import type { RowState } from '@portal/contracts';
import { Button } from '../../../ui/button';
import {
  DataTable,
  type DataColumn,
  type DataTableProps,
  LEDGER_TABLE,
  type RowSelection,
} from '../../../ui/data-table';
import { HistoryButton } from '../../../ui/history';
import { rowStateColumn } from '../../../ui/row-state-badge';
import { StateBadge } from './state-badge';

/** What the review's time and expense rows share. */
interface ReviewRow {
  readonly id: string;
  readonly state: RowState;
  readonly returnReason: string | null;
}

/** What a person's review hands each of their tables: the rows, those chosen, the edit. */
export interface ReviewTableWiring<T> {
  readonly rows: readonly T[];
  readonly selected: ReadonlySet<string>;
  readonly onSelect: (ids: Set<string>) => void;
  readonly onEdit: (row: T) => void;
  /** Names the list shown: a new filter or page starts the table afresh. */
  readonly listKey: string;
  /** An auditor's or a past ('as of') view: the rows without choosing or Edit (History stays). */
  readonly readOnly?: boolean;
}

export interface ReviewTableProps<T extends ReviewRow> extends ReviewTableWiring<T> {
  readonly label: string;
  readonly what: string;
  readonly columns: readonly DataColumn<T>[];
  /** What a person's empty table says. */
  readonly empty: string;
  /** 'time on 2026-11-02, Pipeline Integrity Review': completes the Edit button's name. */
  readonly rowName: (row: T) => string;
  /** What a row is to the audit: its History opens that entity's timeline. */
  readonly historyKind: 'timesheet-entry' | 'expense';
}

/** A person's time or expense table: by date, with its totals row, rows to choose, and Edit (not for auditors). */
export function ReviewTable<T extends ReviewRow>(props: ReviewTableProps<T>) {
  return (
    <DataTable
      label={props.label}
      what={props.what}
      rows={props.rows}
      {...LEDGER_TABLE}
      columns={[
        ...props.columns,
        rowStateColumn<T>('state', 'State', (row) => (
          <StateBadge state={row.state} reason={row.returnReason} />
        )),
      ]}
      listKey={props.listKey}
      empty={props.empty}
      selection={
        props.readOnly ? undefined : rowSelection(props.rows, props.selected, props.onSelect, props.rowName)
      }
      actions={editAction(props.rowName, props.readOnly ? null : props.onEdit, props.historyKind)}
    />
  );
}

/** The row's Edit button, named by `name` (an approved row is final, admin spec §4), and its History. */
function editAction<T extends ReviewRow>(
  name: (row: T) => string,
  onEdit: ((row: T) => void) | null,
  historyKind: ReviewTableProps<T>['historyKind'],
): NonNullable<DataTableProps<T>['actions']> {
  return {
    header: 'Actions',
    render: (row) => (
      <span className="row-actions">
        {onEdit === null ? null : row.state === 'approved' ? (
          <span className="muted">Final</span>
        ) : (
          <Button variant="secondary" aria-label={`Edit ${name(row)}`} onPress={() => onEdit(row)}>
            Edit
          </Button>
        )}
        <HistoryButton entityKind={historyKind} entityId={row.id} name={name(row)} />
      </span>
    ),
  };
}

/** The rows chosen in one table (approve selected, return chosen rows). */
function rowSelection<T extends ReviewRow>(
  rows: readonly T[],
  selected: ReadonlySet<string>,
  onSelect: (ids: Set<string>) => void,
  name: (row: T) => string,
): RowSelection {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    selected,
    onChange: onSelect,
    rowName: (key) => {
      const row = byId.get(key);
      return row ? name(row) : key;
    },
    // An approved row is final: it is neither approved again nor returned.
    isSelectable: (key) => byId.get(key)?.state !== 'approved',
  };
}
