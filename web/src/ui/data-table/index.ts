export {
  DataTable,
  type DataColumn,
  type DataTableProps,
  type RowSelection,
  type TableContent,
} from './data-table';
export { dateColumn, decimalColumn, LEDGER_TABLE } from './columns';
export type { SortState } from './table-view';
