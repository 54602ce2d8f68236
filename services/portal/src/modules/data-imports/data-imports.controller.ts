import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { Controller, Get, HttpCode, Param, Post, Query, Req, type StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  dataImportIdParamSchema,
  dataImportKindParamSchema,
  dataImportUploadQuerySchema,
  type DataImportApplyStarted,
  type DataImportReport,
  type DataImportStatus,
} from '@portal/contracts';
import { AdminOnly } from '../../platform/auth/decorators';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { fileAttachment, XLSX_CONTENT_TYPE } from '../../platform/http/file-download';
import { parseQuery } from '../../platform/http/validation';
import { ApplyDataImportCommand } from './commands/apply-data-import';
import { CheckDataImportCommand } from './commands/check-data-import';
import { GetDataImportTemplateQuery, templateFileName } from './exports/template-workbook';
import { GetDataImportQuery } from './queries/get-data-import';

/**
 * /api/admin/imports (admins; anyone else 403 before the body is read): templates, the upload and
 * its dry run, the apply and its progress.
 */
@AdminOnly()
@Controller('admin/imports')
export class DataImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('templates/:kind')
  async template(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<StreamableFile> {
    const { kind } = parseQuery(dataImportKindParamSchema, params);
    const file = await this.queries.execute(new GetDataImportTemplateQuery(caller.principal, kind));
    return fileAttachment(Readable.from([file]), XLSX_CONTENT_TYPE, templateFileName(kind));
  }

  @Post()
  check(
    @CurrentCaller() caller: Caller,
    @Query() query: unknown,
    @Req() request: IncomingMessage,
  ): Promise<DataImportReport> {
    const parsed = parseQuery(dataImportUploadQuerySchema, query);
    return this.commands.execute(new CheckDataImportCommand(caller, parsed, request));
  }

  @Get(':id')
  status(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<DataImportStatus> {
    const { id } = parseQuery(dataImportIdParamSchema, params);
    return this.queries.execute(new GetDataImportQuery(caller.principal, id));
  }

  @Post(':id/apply')
  @HttpCode(202)
  apply(@CurrentCaller() caller: Caller, @Param() params: unknown): Promise<DataImportApplyStarted> {
    const { id } = parseQuery(dataImportIdParamSchema, params);
    return this.commands.execute(new ApplyDataImportCommand(caller, id));
  }
}
