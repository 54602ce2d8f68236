import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../button';
import { Select } from '../select';
import { PAGE_SIZES, type View } from './table-view';

export interface PagerProps {
  readonly what: string;
  readonly view: View<unknown>;
  readonly pageSize: number;
  readonly onPage: (page: number) => void;
  readonly onPageSize: (size: number) => void;
}

/** 'Showing 26–50 of 340 timesheets', Previous / Next and the page size. */
export function Pager({ what, view, pageSize, onPage, onPageSize }: PagerProps) {
  const filtered = view.matching !== view.total ? ` (filtered from ${view.total})` : '';
  const summary =
    view.matching === 0
      ? `No ${what} shown${filtered}`
      : `Showing ${view.first}–${view.last} of ${view.matching} ${what}${filtered}`;
  const announced = useDebouncedValue(summary);
  const paged = view.matching > PAGE_SIZES[0];
  return (
    <div className="pager">
      <p className="pager__summary">{summary}</p>
      {/* Announced once the search, sort or page has settled, not at every keystroke. */}
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      {paged ? (
        <div className="pager__controls">
          <Select
            label="Rows per page"
            className="pager__size"
            options={PAGE_SIZES.map((size) => ({ id: size, name: String(size) }))}
            value={pageSize}
            onChange={(key) => key !== null && onPageSize(Number(key))}
          />
          {view.pageCount > 1 ? (
            <nav className="pager__pages" aria-label={`Pages of ${what}`}>
              <Button variant="secondary" isDisabled={view.page === 0} onPress={() => onPage(view.page - 1)}>
                Previous page
              </Button>
              <span className="pager__position">
                Page {view.page + 1} of {view.pageCount}
              </span>
              <Button
                variant="secondary"
                isDisabled={view.page >= view.pageCount - 1}
                onPress={() => onPage(view.page + 1)}
              >
                Next page
              </Button>
            </nav>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
