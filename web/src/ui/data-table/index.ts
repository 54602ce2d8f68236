import type { DataTableProps } from './data-table';
export { DataTable, type DataColumn, type DataTableProps, type RowSelection } from './data-table';
export { dateColumn, decimalColumn, LEDGER_TABLE } from './columns';
export type { SortState } from './table-view';

/** What a screen's table shows: its name, its rows and their load, its columns, its empty state. */
export type TableContent<T> = Pick<
  DataTableProps<T>,
  'label' | 'what' | 'rows' | 'load' | 'listKey' | 'columns' | 'empty' | 'emptyAction'
>;
