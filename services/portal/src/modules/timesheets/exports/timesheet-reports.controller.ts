import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { reportEmbedRequestSchema, type ReportEmbed, type ReportsStatus } from '@portal/contracts';
import { CurrentPrincipal } from '../../../platform/auth/decorators';
import type { Principal } from '../../../platform/auth/principal';
import { ReadRoute } from '../../../platform/http/idempotency.interceptor';
import { parseBody } from '../../../platform/http/validation';
import { EmbedTimesheetReport, TimesheetReportsStatus } from './timesheet-reports';

/** Download Timesheet as an embedded Power BI report (when a workspace is configured). */
@Controller('reports')
export class TimesheetReportsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('status')
  status(@CurrentPrincipal() person: Principal): Promise<ReportsStatus> {
    return this.queries.execute(new TimesheetReportsStatus(person));
  }

  /** A read with a body: 200, nothing stored under an Idempotency-Key, never cached (it holds a token). */
  @Post('embed')
  @HttpCode(200)
  @ReadRoute()
  @Header('Cache-Control', 'no-store')
  embed(@CurrentPrincipal() person: Principal, @Body() body: unknown): Promise<ReportEmbed> {
    return this.queries.execute(new EmbedTimesheetReport(person, parseBody(reportEmbedRequestSchema, body)));
  }
}
