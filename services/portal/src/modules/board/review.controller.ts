import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { reviewQuerySchema, type ReviewFilters, type ReviewPage } from '@portal/contracts';
import type { Response } from 'express';
import { AdminOnly } from '../../platform/auth/decorators';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { keptJson } from '../../platform/http/kept-json';
import { parseQuery } from '../../platform/http/validation';
import { GetReview } from './queries/get-review';
import { GetReviewFilters } from './queries/get-review-filters';

/**
 * The read side of the Contractor Timesheet Review (admins only: anyone else gets 403 before
 * anything is read). The review's pages are kept while the read models stand still and sent as
 * the JSON serialised once (keptJson); the approve, return and edit commands live with the
 * periods, timesheets and expenses contexts.
 */
@Controller('admin/review')
@AdminOnly()
export class ReviewController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async review(
    @CurrentCaller() caller: Caller,
    @Query() query: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const page = await this.queries.execute<GetReview, ReviewPage>(
      new GetReview(caller.principal, parseQuery(reviewQuerySchema, query)),
    );
    return keptJson(response, page);
  }

  @Get('filters')
  filters(@CurrentCaller() caller: Caller): Promise<ReviewFilters> {
    return this.queries.execute(new GetReviewFilters(caller.principal));
  }
}
