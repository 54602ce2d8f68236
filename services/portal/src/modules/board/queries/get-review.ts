import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  ledgerStreamId,
  monthOf,
  monthsBetween,
  REVIEW_PEOPLE_PER_PAGE,
  type ReviewPage,
  type ReviewQuery,
} from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { AsOfReplay, type ReplayedReadModels } from '../../../platform/projection/as-of-replay';
import { EXPENSES_READ_MODEL, ListReviewExpenses, SummariseReviewExpenses } from '../../expenses';
import {
  NAME_LOOKUP_TABLES,
  type ReviewExpenseRowData,
  type ReviewGroupSummary,
  type ReviewRowFilter,
  type ReviewTimeRowData,
} from '../../lookups';
import { ListReviewTime, SummariseReviewTime, TIMESHEETS_READ_MODEL } from '../../timesheets';
import { ReadModelCache } from './read-model-cache';
import { reviewPeopleOf, rowOwnerOf, sortReviewPeople, type ReviewPeople } from './review-people';
import { reviewScopeOf, ReviewScopes, type ReviewScope, type Visible } from './review-scope';

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
    /** A past instant (ISO, UTC): the review as it stood then, rebuilt from the log; null: now. */
    readonly asOf: string | null = null,
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
    private readonly replay: AsOfReplay,
  ) {
    super();
  }

  protected async handle({ principal, query, asOf }: GetReview): Promise<ReviewPage> {
    const position = await this.cache.readModelsPosition();
    const visible = await this.scopes.check(principal!, query, position);
    if (asOf !== null) return this.asOf(principal!, visible, query, asOf);
    const { page, sort, direction, ...filter } = query;
    const filterKey = `${position}|scope=${visible.ownerScope}|${JSON.stringify(filter)}`;
    return this.cache.get(`review-page|${filterKey}|${page}|${sort}|${direction}`, async () => {
      const scope = reviewScopeOf(visible, query);
      const whole = await this.cache.get(`review-people|${filterKey}`, () =>
        this.peopleOf(principal!, scope, query),
      );
      return this.pageOf(principal!, scope, whole, query, null);
    });
  }

  /**
   * The review as it stood at `asOf`: the timesheets and expenses read models rebuilt (by their
   * own projections, in a scratch transaction that is rolled back) from only the streams this
   * review reads: the ledgers of the people in scope for the filter's months (up to the instant);
   * the names of the people and projects are today's (the live name look-ups, copied). The scope
   * is today's (a sightstream admin stays on owner 2); nothing of it is kept, since the instant is
   * part of the question.
   */
  private asOf(
    principal: Principal,
    visible: Visible,
    query: ReviewQuery,
    asOf: string,
  ): Promise<ReviewPage> {
    const scope = reviewScopeOf(visible, query);
    const people = scope.rows.employeeIds ?? visible.people.map((p) => p.staffId);
    const months = monthsBetween(monthOf(query.start), monthOf(query.end));
    // Only the ledgers: a person's receipts stream holds every receipt they ever uploaded (on the
    // bench's 29-month firm three events in four of such a replay) and gives the expenses read
    // model only file names, which no review row carries (its rows name the receipt by id).
    const streamIds = people.flatMap((id) => months.map((month) => ledgerStreamId(id, month)));
    // The names the rows carry are today's, as the people and projects listed are: the live
    // read models' own name look-ups, copied, rather than every staff and project stream replayed.
    const liveTables = {
      [TIMESHEETS_READ_MODEL]: NAME_LOOKUP_TABLES,
      [EXPENSES_READ_MODEL]: NAME_LOOKUP_TABLES,
    };
    const readModels = [TIMESHEETS_READ_MODEL, EXPENSES_READ_MODEL];
    return this.replay.replay({ readModels, streamIds, liveTables, asOf }, async (replayed) => {
      const whole = await this.peopleOf(principal, scope, query, replayed);
      return this.pageOf(principal, scope, whole, query, replayed);
    });
  }

  /** One page of people (by the query's order) with their rows. */
  private async pageOf(
    principal: Principal,
    scope: ReviewScope,
    whole: ReviewPeople,
    query: ReviewQuery,
    replayed: ReplayedReadModels | null,
  ): Promise<ReviewPage> {
    const { page, sort, direction } = query;
    const sorted = sortReviewPeople(whole.people, sort, direction);
    const first = (page - 1) * REVIEW_PEOPLE_PER_PAGE;
    const shown = sorted.slice(first, first + REVIEW_PEOPLE_PER_PAGE);
    const rows: ReviewRowFilter = { ...scope.rows, employeeIds: shown.map((p) => p.employeeId) };
    const [time, expenses] = await Promise.all([
      this.queries.execute<ListReviewTime, ReviewTimeRowData[]>(
        new ListReviewTime(principal, rows, replayed),
      ),
      this.queries.execute<ListReviewExpenses, ReviewExpenseRowData[]>(
        new ListReviewExpenses(principal, rows, replayed),
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
  }

  /** Everyone the filter matches, with their totals, from one grouped sum per kind. */
  private async peopleOf(
    principal: Principal,
    scope: ReviewScope,
    query: ReviewQuery,
    replayed: ReplayedReadModels | null = null,
  ): Promise<ReviewPeople> {
    const [time, expenses] = await Promise.all([
      this.queries.execute<SummariseReviewTime, ReviewGroupSummary[]>(
        new SummariseReviewTime(principal, scope.rows, replayed),
      ),
      this.queries.execute<SummariseReviewExpenses, ReviewGroupSummary[]>(
        new SummariseReviewExpenses(principal, scope.rows, replayed),
      ),
    ]);
    return reviewPeopleOf(time, expenses, scope.people, scope.projects, query.ownerId ?? scope.ownerScope);
  }
}
