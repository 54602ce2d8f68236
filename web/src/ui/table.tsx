import {
  Cell as AriaCell,
  type CellProps,
  Column as AriaColumn,
  type ColumnProps,
  Row as AriaRow,
  type RowProps,
  Table as AriaTable,
  TableBody as AriaTableBody,
  type TableBodyProps,
  TableFooter as AriaTableFooter,
  type TableFooterProps,
  TableHeader as AriaTableHeader,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';

function cx(base: string, extra: unknown): string {
  return typeof extra === 'string' && extra ? `${base} ${extra}` : base;
}

/** A data table (keyboard navigable grid); wrap it in `.table-scroll` for narrow screens. */
export function Table({ className, ...props }: TableProps) {
  return (
    <div className="table-scroll">
      <AriaTable {...props} className={cx('table', className)} />
    </div>
  );
}

export function TableHeader<T extends object>({ className, ...props }: TableHeaderProps<T>) {
  return <AriaTableHeader {...props} className={cx('table__header', className)} />;
}

/** A column header; sortable columns show the current direction. */
export function Column({
  children,
  className,
  ...props
}: Omit<ColumnProps, 'children'> & { children: React.ReactNode }) {
  return (
    <AriaColumn {...props} className={cx('table__column', className)}>
      {({ allowsSorting, sortDirection }) => (
        <span className="table__column-label">
          {children}
          {allowsSorting ? (
            <span aria-hidden="true" className="table__sort">
              {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '⇅'}
            </span>
          ) : null}
        </span>
      )}
    </AriaColumn>
  );
}

export function TableBody<T extends object>({ className, ...props }: TableBodyProps<T>) {
  return <AriaTableBody {...props} className={cx('table__body', className)} />;
}

export function TableFooter<T extends object>({ className, ...props }: TableFooterProps<T>) {
  return <AriaTableFooter {...props} className={cx('table__footer', className)} />;
}

export function Row<T extends object>({ className, ...props }: RowProps<T>) {
  return <AriaRow {...props} className={cx('table__row', className)} />;
}

export function Cell({ className, ...props }: CellProps) {
  return <AriaCell {...props} className={cx('table__cell', className)} />;
}
