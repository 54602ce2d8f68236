import { Controller, Get, Query, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  auditExportQuerySchema,
  auditHistoryQuerySchema,
  auditSearchQuerySchema,
  type AuditFilterChoices,
  type AuditHistory,
  type AuditPage,
} from '@portal/contracts';
import { AdminOnly, AuditorsMayRead, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { fileAttachment, XLSX_CONTENT_TYPE } from '../../platform/http/file-download';
import { parseQuery } from '../../platform/http/validation';
import { GetAuditFilters } from './queries/audit-filters';
import { AuditHistoryQueryMessage, ExportAuditQuery, SearchAuditQuery } from './queries/audit-queries';

/** /api/audit: the search, its filters' choices, one entity's history and the export, for admins and auditors (checked
 * before any filter is parsed). Parses, asks the QueryBus. */
@AdminOnly()
@AuditorsMayRead()
@Controller('audit')
export class AuditController {
  constructor(private readonly queries: QueryBus) {}

  @Get('events')
  search(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<AuditPage> {
    return this.queries.execute(new SearchAuditQuery(principal, parseQuery(auditSearchQuerySchema, query)));
  }

  @Get('filters')
  filters(@CurrentPrincipal() principal: Principal): Promise<AuditFilterChoices> {
    return this.queries.execute(new GetAuditFilters(principal));
  }

  @Get('history')
  history(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<AuditHistory> {
    return this.queries.execute(
      new AuditHistoryQueryMessage(principal, parseQuery(auditHistoryQuerySchema, query)),
    );
  }

  @Get('export')
  async export(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<StreamableFile> {
    const file = await this.queries.execute(
      new ExportAuditQuery(principal, parseQuery(auditExportQuerySchema, query)),
    );
    const type = file.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE;
    return fileAttachment(file.content, type, file.fileName);
  }
}
