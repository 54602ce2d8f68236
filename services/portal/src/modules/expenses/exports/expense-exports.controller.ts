import { Body, Controller, Get, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { CurrentPrincipal } from '../../../platform/auth/decorators';
import type { Principal } from '../../../platform/auth/principal';
import { parseBody, parseQuery } from '../../../platform/http/validation';
import { attachmentDisposition } from './download-names';
import { ExpenseExport } from './expense-export';
import { XLSX_CONTENT_TYPE } from './expense-workbook';
import {
  expenseExportQuerySchema,
  receiptsDownloadSchema,
  type ReceiptsDownloadStarted,
  type ReceiptsDownloadStatus,
} from '@portal/contracts';
import { ReceiptsDownloads } from './receipts-downloads';

/**
 * A file download. A stream that fails midway cuts the connection, so the client sees a failed
 * download, never a truncated file that looks whole (the errors a person can act on are answered
 * before the stream starts).
 */
function attachment(content: Readable, type: string, fileName: string): StreamableFile {
  const file = new StreamableFile(content, { type, disposition: attachmentDisposition(fileName) });
  return file.setErrorHandler((error, response) => {
    if (response.destroyed) return;
    if (response.destroy) response.destroy(error);
    else response.end();
  });
}

@Controller('expenses')
export class ExpenseExportsController {
  constructor(
    private readonly exports: ExpenseExport,
    private readonly downloads: ReceiptsDownloads,
  ) {}

  @Get('export')
  async export(@CurrentPrincipal() person: Principal, @Query() query: unknown): Promise<StreamableFile> {
    const { fileName, content } = await this.exports.open(
      person,
      parseQuery(expenseExportQuerySchema, query),
    );
    return attachment(content, XLSX_CONTENT_TYPE, fileName);
  }

  @Post('downloads')
  @HttpCode(202)
  startDownload(
    @CurrentPrincipal() person: Principal,
    @Body() body: unknown,
  ): Promise<ReceiptsDownloadStarted> {
    return this.downloads.request(person, parseBody(receiptsDownloadSchema, body));
  }

  @Get('downloads/:jobId')
  downloadStatus(
    @CurrentPrincipal() person: Principal,
    @Param('jobId') jobId: string,
  ): Promise<ReceiptsDownloadStatus> {
    return this.downloads.status(person, jobId);
  }

  @Get('downloads/:jobId/file')
  async downloadFile(
    @CurrentPrincipal() person: Principal,
    @Param('jobId') jobId: string,
  ): Promise<StreamableFile> {
    const { fileName, content } = await this.downloads.file(person, jobId);
    return attachment(content, 'application/zip', fileName);
  }
}
