import { ScrollRegion } from '../scroll-region';
import { cellOf } from './data-cards';
import type { DataTableProps } from './data-table';

/** The 'form' layout: a native table (Tab order through the fields, no grid keyboard model). */
export function FormTable<T>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  totalsLabel,
}: DataTableProps<T> & { rows: readonly T[] }) {
  return (
    <ScrollRegion label={`${label} table`}>
      <table className="table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`table__column${column.numeric ? ' table__cell--number' : ''}`}
              >
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="table__column">
                {actions.header}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="table__row">
              {columns.map((column) => {
                const Tag = column.isRowHeader ? 'th' : 'td';
                return (
                  <Tag
                    key={column.id}
                    scope={column.isRowHeader ? 'row' : undefined}
                    className={`table__cell ${column.numeric ? 'table__cell--number' : 'table__cell--text'}`}
                  >
                    {cellOf(column, row)}
                  </Tag>
                );
              })}
              {actions ? <td className="table__cell">{actions.render(row)}</td> : null}
            </tr>
          ))}
        </tbody>
        {totalsLabel ? (
          <tfoot className="table__footer">
            <tr>
              {columns.map((column, index) => (
                <td key={column.id} className={`table__cell${column.numeric ? ' table__cell--number' : ''}`}>
                  {index === 0 ? totalsLabel : (column.total ?? '')}
                </td>
              ))}
              {actions ? <td className="table__cell" /> : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </ScrollRegion>
  );
}
