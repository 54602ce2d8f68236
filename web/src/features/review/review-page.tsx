import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ReviewPage as ReviewAnswer } from '@portal/contracts';
import { formatDecimal } from '../../lib/format';
import { AsOfBanner, AsOfControl, useAsOf } from '../../ui/as-of';
import { Button } from '../../ui/button';
import { EmptyState, LoadError, LoadingSkeleton, QueryState } from '../../ui/query-state';
import { useReview, useReviewFilters } from './api/get-review';
import { ReviewFilterBar } from './components/review-filter-bar';
import { ReviewResults } from './components/review-results';
import { countsText } from './components/state-badge';
import {
  CALENDAR_MONTHS,
  chosenPeriod,
  filtersFromSearch,
  reviewRangeOf,
  searchOfFilters,
  type ReviewFilterState,
} from './review-filters';
import { businessToday } from '../../lib/business-day';
import { Page } from '../../ui/page';
import './review.css';

/** What the page's loading and failure messages name ('You do not have access to these …'). */
const WHAT = 'timesheets and expenses';

/** The people of the review page by page: 'People 26–50 of 1,200', Previous and Next. */
function PeoplePager({
  page,
  onPage,
  where,
}: {
  page: ReviewAnswer;
  onPage: (page: number) => void;
  where: 'above' | 'below';
}) {
  const first = (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.page * page.pageSize, page.peopleCount);
  return (
    <nav className="pager review-pager" aria-label={`Pages of people, ${where}`}>
      <p className="pager__summary">
        {page.people.length > 0
          ? `People ${first}–${last} of ${page.peopleCount.toLocaleString('en-US')}`
          : `No people on page ${page.page} of ${page.pageCount}`}
      </p>
      {page.pageCount > 1 || page.page > 1 ? (
        <div className="pager__pages">
          <Button
            variant="secondary"
            isDisabled={page.page <= 1}
            onPress={() => onPage(Math.min(page.page - 1, page.pageCount))}
          >
            Previous people
          </Button>
          <span className="pager__position">
            Page {page.page} of {page.pageCount}
          </span>
          <Button
            variant="secondary"
            isDisabled={page.page >= page.pageCount}
            onPress={() => onPage(page.page + 1)}
          >
            Next people
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

/** Everyone the filter matches, over every page: people, hours, money, and where their rows stand. */
function ReviewSummary({ page }: { page: ReviewAnswer }) {
  const { totals } = page;
  return (
    <section className="card review-summary" aria-labelledby="review-summary-title">
      <h2 id="review-summary-title" className="card__title">
        All matching people
      </h2>
      <dl className="review-totals">
        <div>
          <dt>People</dt>
          <dd>{page.peopleCount.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{formatDecimal(totals.hours)}</dd>
        </div>
        {page.showOvertime ? (
          <div>
            <dt>Overtime</dt>
            <dd>{formatDecimal(totals.overtimeHours)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Timesheets</dt>
          <dd>{formatDecimal(totals.timesheetValue, 2)}</dd>
        </div>
        <div>
          <dt>Expenses</dt>
          <dd>{formatDecimal(totals.expensesClaimed, 2)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatDecimal(totals.total, 2)}</dd>
        </div>
      </dl>
      <p className="muted">Rows: {countsText(totals.counts)}.</p>
    </section>
  );
}

/**
 * '/admin/timesheets/review', the Contractor Timesheet Review (admin spec §2): the filters kept in
 * the URL, the overall totals, and the matching people 25 a page, each with their time and
 * expenses, edits, approvals, returns and downloads.
 */
export function ReviewPage() {
  const [search, setSearch] = useSearchParams();
  const today = businessToday();
  const state = filtersFromSearch(search);
  const filters = useReviewFilters();
  // A past view (?asOf=): the review rebuilt as it stood then, with no action anywhere.
  const asOf = useAsOf();
  const keepAsOf = (next: URLSearchParams) => {
    if (asOf) next.set('asOf', asOf);
    return next;
  };

  // A link's `month` becomes the dates it stands for, so the URL says what is shown.
  const fromBoard = search.has('month');
  useEffect(() => {
    if (fromBoard) {
      const next = searchOfFilters(filtersFromSearch(search));
      const instant = search.get('asOf');
      if (instant) next.set('asOf', instant);
      setSearch(next, { replace: true });
    }
  }, [fromBoard, search, setSearch]);

  const update = (change: Partial<ReviewFilterState>) =>
    setSearch(keepAsOf(searchOfFilters({ ...state, ...change })));
  const project = filters.data?.projects.find((p) => p.projectId === state.projectId) ?? null;
  const cycle = project?.billingCycle ?? CALENDAR_MONTHS;
  const { periods, period } = chosenPeriod(cycle, state.periodKey, today);
  const range = reviewRangeOf(state, cycle, today);
  const dates = 'problems' in range ? null : range;
  const request =
    dates && filters.data
      ? {
          ...dates,
          ownerId: state.ownerId,
          employeeId: state.employeeId,
          projectId: state.projectId,
          subProjectId: state.subProjectId,
          page: state.page,
          sort: state.sort,
          direction: state.direction,
          asOf,
        }
      : null;
  const review = useReview(request);
  const label = state.mode === 'period' ? period.label : dates ? `${dates.start} to ${dates.end}` : '';
  const { page: _page, ...listFilter } = state;
  const listKey = JSON.stringify({ ...listFilter, page: review.data?.page });

  return (
    <Page
      title="Contractor Timesheet Review"
      className="review-page"
      tools={
        <p className="page__lead">
          Time and expenses by person: edit, approve, or return them with a reason.
        </p>
      }
    >
      {asOf ? <AsOfBanner screen="the Contractor Timesheet Review" asOf={asOf} /> : null}
      <section className="card" aria-label="Review filters">
        <QueryState query={filters} what="review filters" skeletonLines={2}>
          {(data) => (
            <ReviewFilterBar
              filters={data}
              state={state}
              today={today}
              periods={periods}
              period={period}
              rangeProblems={'problems' in range ? range.problems : {}}
              onChange={update}
              onClear={() => setSearch(keepAsOf(new URLSearchParams()))}
            />
          )}
        </QueryState>
        <AsOfControl key={asOf ?? 'now'} now={new Date()} />
      </section>
      {'problems' in range ? (
        <EmptyState>Choose a valid date range to see the review.</EmptyState>
      ) : review.data === undefined ? (
        review.isError ? (
          <div className="review-results">
            <LoadError
              error={review.error}
              what={WHAT}
              onRetry={review.refetch}
              isRetrying={review.isFetching}
            />
            <div>
              <Button variant="secondary" onPress={() => setSearch(keepAsOf(new URLSearchParams()))}>
                Clear filters
              </Button>
            </div>
          </div>
        ) : filters.isError ? null : (
          <LoadingSkeleton what={WHAT} lines={6} />
        )
      ) : (
        <div className="review-results" aria-busy={review.isFetching || undefined}>
          {review.isError ? (
            <LoadError
              error={review.error}
              what={WHAT}
              onRetry={review.refetch}
              isRetrying={review.isFetching}
            />
          ) : null}
          <ReviewSummary page={review.data} />
          {review.data.peopleCount === 0 ? (
            <EmptyState
              action={
                <Button variant="secondary" onPress={() => setSearch(keepAsOf(new URLSearchParams()))}>
                  Clear filters
                </Button>
              }
            >
              {`No time or expenses match these filters for ${label}.`}
            </EmptyState>
          ) : (
            <>
              <PeoplePager page={review.data} onPage={(page) => update({ page })} where="above" />
              <ReviewResults
                page={review.data}
                filters={filters.data!}
                range={{ ...dates!, label }}
                projectId={state.projectId}
                today={today}
                listKey={listKey}
                readOnly={asOf !== null}
              />
              <PeoplePager page={review.data} onPage={(page) => update({ page })} where="below" />
            </>
          )}
        </div>
      )}
    </Page>
  );
}
