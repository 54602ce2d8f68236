import { type ReactNode, useId, useState } from 'react';
import {
  Input,
  Label,
  SearchField,
  type Selection,
  type SortDescriptor,
  Button as AriaButton,
} from 'react-aria-components';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { EmptyState, LoadError, LoadingSkeleton, type LoadState } from '../query-state';
import { Select } from '../select';
import { Cell, Column, Row, Table, TableBody, TableFooter, TableHeader } from '../table';
import { PHONE_LAYOUT, useMediaQuery } from '../../lib/use-media-query';
import { cellOf, DataCards } from './data-cards';
import { FormTable } from './form-table';
import { Pager } from './pager';
import { type SortState, type ViewColumn, viewOf } from './table-view';

export interface DataColumn<T> extends ViewColumn<T> {
  /** The column header, and the field's label on a phone card. */
  readonly header: string;
  /** What the cell shows; its plain `text` when omitted. */
  readonly cell?: (row: T) => ReactNode;
  readonly numeric?: boolean;
  /** The cell that names the row (screen readers announce it with every cell; the card's title). */
  readonly isRowHeader?: boolean;
  /** This column's cell in the totals row. */
  readonly total?: ReactNode;
}

export interface RowSelection {
  readonly selected: ReadonlySet<string>;
  readonly onChange: (selected: Set<string>) => void;
  /** Completes each row checkbox's name: 'Select {rowName}' (it tells two rows of one date apart). */
  readonly rowName: (key: string) => string;
  /** False for a row that may not be chosen (an approved row is final): its box is disabled. */
  readonly isSelectable?: (key: string) => boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name ('Saved timesheets'). */
  readonly label: string;
  /** Plural noun for the states and the pager ('timesheets'). */
  readonly what: string;
  /** Undefined until the first load answers. */
  readonly rows: readonly T[] | undefined;
  /** The load behind `rows`: skeleton while pending, plain error with Retry when it failed. */
  readonly load?: LoadState;
  readonly rowKey: (row: T) => string;
  readonly columns: readonly DataColumn<T>[];
  /** The last column (and the foot of each card): the row's buttons. */
  readonly actions?: { readonly header: string; readonly render: (row: T) => ReactNode };
  readonly defaultSort?: SortState;
  /** False: no text filter (short fixed lists). */
  readonly searchable?: boolean;
  readonly pageSize?: number;
  /** A totals row (cells from the columns' `total`); its label says what it adds up. */
  readonly totalsLabel?: string | null;
  /** Shown when the load answered with no rows: what is missing and the next step. */
  readonly empty: ReactNode;
  readonly emptyAction?: ReactNode;
  readonly selection?: RowSelection;
  /** Names the list shown (its period, project…): when it changes, the table goes back to page 1. */
  readonly listKey?: string;
  /**
   * 'grid' (default): a react-aria grid, arrow keys move between cells. 'form': a plain table for
   * rows holding text fields, so Tab moves from field to field and arrows stay in the text.
   */
  readonly layout?: 'grid' | 'form';
}

const DEFAULT_PAGE_SIZE = 25;

/**
 * The one table of the portal: sorting on the columns that mean something, a text filter, pages,
 * a sticky header and totals row, optional row selection, and on a phone one card per row with
 * every field and its actions. Rows are filtered, sorted and paged here (a person's lists are
 * hundreds of rows, never the whole firm's).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, what, rows, load, rowKey, columns, actions, searchable = true, empty, emptyAction } = props;
  const isPhone = useMediaQuery(PHONE_LAYOUT);
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState | null>(props.defaultSort ?? null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(props.pageSize ?? DEFAULT_PAGE_SIZE);
  // Another list (a new period, project or month) starts on its first page; a reload of the
  // same list (after an edit) stays where the person is.
  const [shownList, setShownList] = useState(props.listKey);
  if (props.listKey !== shownList) {
    setShownList(props.listKey);
    if (page !== 0) setPage(0);
  }

  const error =
    load?.isError && load.error !== null ? (
      <LoadError error={load.error} what={what} onRetry={load.refetch} isRetrying={load.isFetching} />
    ) : null;
  if (rows === undefined) return error ?? <LoadingSkeleton what={what} />;
  if (rows.length === 0) {
    return (
      <>
        {error}
        <EmptyState action={emptyAction}>{empty}</EmptyState>
      </>
    );
  }

  const sortable = columns.filter((column) => column.sort);
  // A sort on a column that is gone (overtime shows only for some projects) falls back to the default.
  const activeSort = sortable.some((column) => column.id === sort?.column)
    ? sort
    : (props.defaultSort ?? null);
  const view = viewOf(rows, columns, { filter, sort: activeSort, page, pageSize });
  const shownKeys = new Set(view.rows.map(rowKey));
  const selectable = (key: string) => props.selection?.isSelectable?.(key) ?? true;
  const selected = props.selection
    ? new Set([...props.selection.selected].filter((key) => rows.some((row) => rowKey(row) === key)))
    : undefined;
  const resort = (next: SortState) => {
    setSort(next);
    setPage(0);
  };
  const refilter = (text: string) => {
    setFilter(text);
    setPage(0);
  };

  return (
    <div className="data-table" aria-busy={load?.isFetching || undefined}>
      {error}
      <div className="data-table__toolbar">
        {searchable ? (
          <SearchField className="field data-table__search" value={filter} onChange={refilter}>
            <Label className="field__label">Search {what}</Label>
            <div className="data-table__search-box">
              <Input className="field__input" />
              {filter ? (
                <AriaButton className="data-table__search-clear" aria-label="Clear search">
                  ×
                </AriaButton>
              ) : null}
            </div>
          </SearchField>
        ) : null}
        {isPhone && sortable.length > 0 ? (
          <div className="data-table__phone-sort">
            <Select
              label="Sort by"
              options={sortable.map((column) => ({ id: column.id, name: column.header }))}
              value={activeSort?.column ?? null}
              onChange={(key) =>
                key !== null &&
                resort({ column: String(key), direction: activeSort?.direction ?? 'ascending' })
              }
            />
            <Button
              variant="secondary"
              isDisabled={!activeSort}
              aria-label={`Sort order: ${activeSort?.direction === 'descending' ? 'descending' : 'ascending'}. Change it.`}
              onPress={() =>
                activeSort &&
                resort({
                  column: activeSort.column,
                  direction: activeSort.direction === 'ascending' ? 'descending' : 'ascending',
                })
              }
            >
              {activeSort?.direction === 'descending' ? '↓ Descending' : '↑ Ascending'}
            </Button>
          </div>
        ) : null}
      </div>
      {view.matching === 0 ? (
        <EmptyState
          action={
            <Button variant="secondary" onPress={() => refilter('')}>
              Clear search
            </Button>
          }
        >
          No {what} match “{filter}”.
        </EmptyState>
      ) : isPhone ? (
        <DataCards {...props} rows={view.rows} totalsLabel={filter ? null : props.totalsLabel} />
      ) : props.layout === 'form' ? (
        <FormTable {...props} rows={view.rows} totalsLabel={filter ? null : props.totalsLabel} />
      ) : (
        <Table
          aria-label={label}
          sortDescriptor={activeSort ?? undefined}
          onSortChange={(next: SortDescriptor) =>
            resort({ column: String(next.column), direction: next.direction })
          }
          selectionMode={props.selection ? 'multiple' : undefined}
          selectedKeys={selected ? [...selected].filter((key) => shownKeys.has(key)) : undefined}
          disabledKeys={['__totals', ...[...shownKeys].filter((key) => !selectable(key))]}
          onSelectionChange={(keys: Selection) => {
            if (!props.selection || !selected) return;
            // The checkboxes act on the rows shown; rows selected on other pages stay selected.
            const next = new Set([...selected].filter((key) => !shownKeys.has(key)));
            for (const key of keys === 'all' ? shownKeys : keys) {
              if (selectable(String(key))) next.add(String(key));
            }
            props.selection.onChange(next);
          }}
        >
          <TableHeader>
            {props.selection ? (
              <Column id="__select" className="table__select">
                <Checkbox slot="selection">
                  <span className="visually-hidden">Select all shown</span>
                </Checkbox>
              </Column>
            ) : null}
            {columns.map((column) => (
              <Column
                key={column.id}
                id={column.id}
                isRowHeader={column.isRowHeader}
                allowsSorting={Boolean(column.sort)}
                className={column.numeric ? 'table__cell--number' : undefined}
              >
                {column.header}
              </Column>
            ))}
            {actions ? <Column id="__actions">{actions.header}</Column> : null}
          </TableHeader>
          <TableBody items={view.rows.map((row) => ({ key: rowKey(row), row }))}>
            {({ key, row }) => (
              // A row that may not be chosen stays focusable: only its selection is disabled.
              <Row id={key} disabledBehavior="selection">
                {props.selection ? (
                  <Cell>
                    <RowCheckbox name={props.selection.rowName(key)} />
                  </Cell>
                ) : null}
                {columns.map((column) => (
                  <Cell
                    key={column.id}
                    className={column.numeric ? 'table__cell--number' : 'table__cell--text'}
                  >
                    {cellOf(column, row)}
                  </Cell>
                ))}
                {actions ? <Cell>{actions.render(row)}</Cell> : null}
              </Row>
            )}
          </TableBody>
          {props.totalsLabel && !filter ? (
            <TableFooter>
              <Row id="__totals" className="table__totals">
                {[
                  ...(props.selection ? [<Cell key="__select">{''}</Cell>] : []),
                  ...columns.map((column, index) => (
                    <Cell key={column.id} className={column.numeric ? 'table__cell--number' : undefined}>
                      {index === 0 ? props.totalsLabel : (column.total ?? '')}
                    </Cell>
                  )),
                  ...(actions ? [<Cell key="__actions">{''}</Cell>] : []),
                ]}
              </Row>
            </TableFooter>
          ) : null}
        </Table>
      )}
      {filter && props.totalsLabel ? (
        <p className="data-table__note">Totals are shown for the whole list; clear the search to see them.</p>
      ) : null}
      <Pager
        what={what}
        view={view}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(0);
        }}
      />
    </div>
  );
}

/**
 * A row's selection box, named 'Select {name}' by its own text: react-aria names it by the row
 * header alone ('Select Fri Dec 04'), which does not tell two rows of one day apart.
 */
function RowCheckbox({ name }: { readonly name: string }) {
  const id = useId();
  return (
    <Checkbox slot="selection" aria-labelledby={id}>
      <span id={id} className="visually-hidden">
        Select {name}
      </span>
    </Checkbox>
  );
}
