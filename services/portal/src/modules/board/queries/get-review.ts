import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import { REVIEW_PEOPLE_PER_PAGE, type ReviewPage, type ReviewQuery } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { ListReviewExpenses, SummariseReviewExpenses } from '../../expenses';
import type {
  ReviewExpenseRowData,
  ReviewGroupSummary,
  ReviewRowFilter,
  ReviewTimeRowData,
} from '../../lookups';
import { ListReviewTime, SummariseReviewTime } from '../../timesheets';
import { ReadModelCache } from './read-model-cache';
import { reviewPeopleOf, rowOwnerOf, sortReviewPeople, type ReviewPeople } from './review-people';
import { reviewScopeOf, ReviewScopes, type ReviewScope } from './review-scope';

/**
 * GET /api/admin/review: the Contractor Timesheet Review (admin spec §2). One page of people (by
 * name, or by hours, expenses or total), each with their time and expense rows in the filter and
 * their totals; the overall totals over everyone the filter matches.
 */
@Requires('admin-or-auditor')
export class GetReview extends PortalQuery<ReviewPage> {
  constructor(
    principal: Principal,
    readonly query: ReviewQuery,
  ) {
    super(principal);
  }
}

/**
 * Set-based: the timesheets and expenses contexts sum the whole filter per person and project in
 * one grouped statement each, then list the rows of the page's people only (by their
 * person-and-date index). Both the whole filter's people and each page are kept by the
 * ReadModelCache until a projection moves, so asking again (other clients, other pages) reads
 * only the checkpoints.
 */
@QueryHandler(GetReview)
export class GetReviewHandler extends PortalQueryHandler<GetReview> {
  constructor(
    private readonly queries: QueryBus,
    private readonly scopes: ReviewScopes,
    private readonly cache: ReadModelCache,
  ) {
    super();
  }

  protected async handle({ principal, query }: GetReview): Promise<ReviewPage> {
    const position = await this.cache.readModelsPosition();
    const visible = await this.scopes.check(principal!, query, position);
    const { page, sort, direction, ...filter } = query;
    const filterKey = `${position}|scope=${visible.ownerScope}|${JSON.stringify(filter)}`;
    return this.cache.get(`review-page|${filterKey}|${page}|${sort}|${direction}`, async () => {
      const scope = reviewScopeOf(visible, query);
      const whole = await this.cache.get(`review-people|${filterKey}`, () =>
        this.peopleOf(principal!, scope, query),
      );
      const sorted = sortReviewPeople(whole.people, sort, direction);
      const first = (page - 1) * REVIEW_PEOPLE_PER_PAGE;
      const shown = sorted.slice(first, first + REVIEW_PEOPLE_PER_PAGE);
      const rows: ReviewRowFilter = { ...scope.rows, employeeIds: shown.map((p) => p.employeeId) };
      const [time, expenses] = await Promise.all([
        this.queries.execute<ListReviewTime, ReviewTimeRowData[]>(new ListReviewTime(principal!, rows)),
        this.queries.execute<ListReviewExpenses, ReviewExpenseRowData[]>(
          new ListReviewExpenses(principal!, rows),
        ),
      ]);
      return {
        time: time.map((r) => ({ ...r, ownerId: rowOwnerOf(scope.projects, r.projectId, r.subProjectId) })),
        expenses: expenses.map((r) => ({ ...r, ownerId: rowOwnerOf(scope.projects, r.projectId, null) })),
        people: shown,
        totals: whole.totals,
        showOvertime: whole.showOvertime,
        page,
        pageCount: Math.max(1, Math.ceil(whole.people.length / REVIEW_PEOPLE_PER_PAGE)),
        pageSize: REVIEW_PEOPLE_PER_PAGE,
        peopleCount: whole.people.length,
      };
    });
  }

  /** Everyone the filter matches, with their totals, from one grouped sum per kind. */
  private async peopleOf(
    principal: Principal,
    scope: ReviewScope,
    query: ReviewQuery,
  ): Promise<ReviewPeople> {
    const [time, expenses] = await Promise.all([
      this.queries.execute<SummariseReviewTime, ReviewGroupSummary[]>(
        new SummariseReviewTime(principal, scope.rows),
      ),
      this.queries.execute<SummariseReviewExpenses, ReviewGroupSummary[]>(
        new SummariseReviewExpenses(principal, scope.rows),
      ),
    ]);
    return reviewPeopleOf(time, expenses, scope.people, scope.projects, query.ownerId ?? scope.ownerScope);
  }
}
