import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { reviewQuerySchema, type ReviewFilters, type ReviewPage } from '@portal/contracts';
import type { Request, Response } from 'express';
import { AdminOnly, AuditorsMayRead } from '../../platform/auth/decorators';
import { Clock } from '../../platform/clock/clock';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { takeAsOf } from '../../platform/http/as-of';
import { sendKeptJson } from '../../platform/http/kept-json';
import { parseQuery } from '../../platform/http/validation';
import { GetReview } from './queries/get-review';
import { GetReviewFilters } from './queries/get-review-filters';

/**
 * The read side of the Contractor Timesheet Review (admins and auditors: anyone else gets 403
 * before anything is read). The review's pages are kept while the read models stand still and sent as
 * the JSON serialised (and gzipped) once (sendKeptJson); the approve, return and edit commands live with the
 * periods, timesheets and expenses contexts.
 */
@Controller('admin/review')
@AdminOnly()
@AuditorsMayRead()
export class ReviewController {
  constructor(
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  @Get()
  async review(
    @CurrentCaller() caller: Caller,
    @Query() query: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // `asOf` (an instant): the review as it stood then, rebuilt from the log (issue 11).
    const { asOf, rest } = takeAsOf(query, this.clock);
    const page = await this.queries.execute<GetReview, ReviewPage>(
      new GetReview(caller.principal, parseQuery(reviewQuerySchema, rest), asOf),
    );
    await sendKeptJson(request, response, page);
  }

  @Get('filters')
  filters(@CurrentCaller() caller: Caller): Promise<ReviewFilters> {
    return this.queries.execute(new GetReviewFilters(caller.principal));
  }
}
