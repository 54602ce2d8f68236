export { DataTable, type DataColumn, type DataTableProps, type RowSelection } from './data-table';
export { dateColumn, decimalColumn } from './columns';
export type { SortState } from './table-view';
