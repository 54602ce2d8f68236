import { Controller, Get, Header, Param, Query, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  analyticsPageField,
  erpExportFileName,
  erpFilterSchema,
  erpPageField,
  type AnalyticsEmbed,
  type ErpFilterOptions,
  type ErpReports,
} from '@portal/contracts';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { AdminOnly } from '../../platform/auth/decorators';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { fileAttachment, XLSX_CONTENT_TYPE } from '../../platform/http/file-download';
import { parseQuery } from '../../platform/http/validation';
import { EmbedAnalyticsReport } from './queries/analytics-embed';
import { GetErpFilterOptions, GetErpReport } from './queries/erp-reports';
import { ExportErpReport } from './exports/export-erp-report';

const pagePath = z.object({ page: analyticsPageField });
const erpPath = z.object({ page: erpPageField });

/**
 * /api/admin/analytics (admins only; anyone else 403 before the input is read): the six report
 * pages' Power BI embeds, and the ERP pages' built-in views and .xlsx exports.
 */
@Controller('admin/analytics')
@AdminOnly()
export class AnalyticsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('filters')
  filters(@CurrentCaller() caller: Caller): Promise<ErpFilterOptions> {
    return this.queries.execute(new GetErpFilterOptions(caller.principal));
  }

  /** Holds an embed token: never cached. */
  @Get(':page/embed')
  @Header('Cache-Control', 'no-store')
  embed(@CurrentCaller() caller: Caller, @Param('page') page: string): Promise<AnalyticsEmbed> {
    return this.queries.execute(
      new EmbedAnalyticsReport(caller.principal, parseQuery(pagePath, { page }).page),
    );
  }

  @Get(':page/export')
  async export(
    @CurrentCaller() caller: Caller,
    @Param('page') page: string,
    @Query() query: unknown,
  ): Promise<StreamableFile> {
    const erpPage = parseQuery(erpPath, { page }).page;
    const filter = parseQuery(erpFilterSchema, query);
    const file = await this.queries.execute<ExportErpReport, Buffer>(
      new ExportErpReport(caller.principal, erpPage, filter),
    );
    return fileAttachment(Readable.from([file]), XLSX_CONTENT_TYPE, erpExportFileName(erpPage, filter));
  }

  @Get(':page')
  report(
    @CurrentCaller() caller: Caller,
    @Param('page') page: string,
    @Query() query: unknown,
  ): Promise<ErpReports[keyof ErpReports]> {
    const erpPage = parseQuery(erpPath, { page }).page;
    return this.queries.execute(
      new GetErpReport(caller.principal, erpPage, parseQuery(erpFilterSchema, query)),
    );
  }
}
