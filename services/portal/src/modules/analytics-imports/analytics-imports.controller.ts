import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { Controller, Get, Post, Query, Req, type StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  azureCostQuerySchema,
  office365QuerySchema,
  type AzureCostAnswer,
  type Office365Answer,
} from '@portal/contracts';
import { AdminOnly } from '../../platform/auth/decorators';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { fileAttachment, XLSX_CONTENT_TYPE } from '../../platform/http/file-download';
import { parseQuery } from '../../platform/http/validation';
import { ImportAzureCostCommand, ImportOffice365Command, type ImportAnswer } from './commands/import-export';
import { AZURE_COST_FILE_NAME, OFFICE365_FILE_NAME } from './exports/analytics-workbooks';
import {
  ExportAzureCostQuery,
  ExportOffice365Query,
  GetAzureCostQuery,
  GetOffice365Query,
} from './queries/analytics-queries';

/**
 * /api/admin/analytics (admins; anyone else 403 before the body is read): the vendors' CSV
 * uploads (multipart, one file in `file`), the figures and their xlsx.
 */
@AdminOnly()
@Controller('admin/analytics')
export class AnalyticsImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('azure-cost/imports')
  importAzure(@CurrentCaller() caller: Caller, @Req() request: IncomingMessage): Promise<ImportAnswer> {
    return this.commands.execute(new ImportAzureCostCommand(caller, request));
  }

  @Get('azure-cost')
  azure(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<AzureCostAnswer> {
    return this.queries.execute(
      new GetAzureCostQuery(caller.principal, parseQuery(azureCostQuerySchema, query)),
    );
  }

  @Get('azure-cost/export')
  async azureExport(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<StreamableFile> {
    const file = await this.queries.execute<ExportAzureCostQuery, Buffer>(
      new ExportAzureCostQuery(caller.principal, parseQuery(azureCostQuerySchema, query)),
    );
    return fileAttachment(Readable.from([file]), XLSX_CONTENT_TYPE, AZURE_COST_FILE_NAME);
  }

  @Post('office365/imports')
  importOffice365(@CurrentCaller() caller: Caller, @Req() request: IncomingMessage): Promise<ImportAnswer> {
    return this.commands.execute(new ImportOffice365Command(caller, request));
  }

  @Get('office365')
  office365(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<Office365Answer> {
    return this.queries.execute(
      new GetOffice365Query(caller.principal, parseQuery(office365QuerySchema, query)),
    );
  }

  @Get('office365/export')
  async office365Export(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<StreamableFile> {
    const file = await this.queries.execute<ExportOffice365Query, Buffer>(
      new ExportOffice365Query(caller.principal, parseQuery(office365QuerySchema, query)),
    );
    return fileAttachment(Readable.from([file]), XLSX_CONTENT_TYPE, OFFICE365_FILE_NAME);
  }
}
