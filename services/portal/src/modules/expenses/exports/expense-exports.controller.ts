import { Body, Controller, Get, HttpCode, Param, Post, Query, type StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentPrincipal } from '../../../platform/auth/decorators';
import type { Principal } from '../../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../../platform/cqrs';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { parseBody, parseQuery } from '../../../platform/http/validation';
import { fileAttachment as attachment, XLSX_CONTENT_TYPE } from '../../../platform/http/file-download';
import { ExportExpenses } from './expense-export';
import {
  expenseExportQuerySchema,
  isReceiptsRangeBody,
  receiptsDownloadSchema,
  receiptsRangeDownloadSchema,
  type ReceiptsDownloadStarted,
  type ReceiptsDownloadStatus,
} from '@portal/contracts';
import { ReceiptsZipFile } from './receipts-zip-file';
import { ReceiptsZipStatus } from './receipts-zip-status';
import { RequestReceiptsZipCommand } from './request-receipts-zip';

/** The queries decide what the person may read; the controller streams the files. */
@Controller('expenses')
export class ExpenseExportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly storage: FileStorage,
  ) {}

  @Get('export')
  async export(@CurrentPrincipal() person: Principal, @Query() query: unknown): Promise<StreamableFile> {
    const { fileName, content } = await this.queries.execute(
      new ExportExpenses(person, parseQuery(expenseExportQuerySchema, query)),
    );
    return attachment(content, XLSX_CONTENT_TYPE, fileName);
  }

  @Post('downloads')
  @HttpCode(202)
  startDownload(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ReceiptsDownloadStarted> {
    // A month (the expense screens, the admin review) or the days of a billing period (the verify page).
    const request = isReceiptsRangeBody(body)
      ? parseBody(receiptsRangeDownloadSchema, body)
      : parseBody(receiptsDownloadSchema, body);
    return this.commands.execute(new RequestReceiptsZipCommand(caller, request));
  }

  @Get('downloads/:jobId')
  downloadStatus(
    @CurrentPrincipal() person: Principal,
    @Param('jobId') jobId: string,
  ): Promise<ReceiptsDownloadStatus> {
    return this.queries.execute(new ReceiptsZipStatus(person, jobId));
  }

  @Get('downloads/:jobId/file')
  async downloadFile(
    @CurrentPrincipal() person: Principal,
    @Param('jobId') jobId: string,
  ): Promise<StreamableFile> {
    const { fileName, storageKey } = await this.queries.execute(new ReceiptsZipFile(person, jobId));
    return attachment(this.storage.open(storageKey), 'application/zip', fileName);
  }
}
