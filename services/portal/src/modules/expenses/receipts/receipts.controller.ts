import type { IncomingMessage } from 'node:http';
import { Controller, Get, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { RECEIPT_CONTENT_TYPE, type ReceiptScanStatus } from '@portal/contracts';
import { CurrentPrincipal } from '../../../platform/auth/decorators';
import type { Principal } from '../../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../../platform/cqrs';
import { FileNotFoundError, FileStorage } from '../../../platform/files/file-storage.port';
import { ReceiptDownload } from './receipt-download';
import { ReceiptScanStatusQuery } from './receipt-scan-status';
import { UploadReceiptCommand, type UploadReceiptResult } from './upload-receipt';

/** Receipt upload (multipart, field `file`), its scan's status, and download (owner, or an admin who can see the owner, as an attachment). */
@Controller('expenses/receipts')
export class ReceiptsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly storage: FileStorage,
  ) {}

  @Post()
  uploadReceipt(
    @CurrentCaller() caller: Caller,
    @Req() request: IncomingMessage,
  ): Promise<UploadReceiptResult> {
    return this.commands.execute(new UploadReceiptCommand(caller, request));
  }

  /** How far OCR is with a photo receipt, and what it read (the form asks until 'done'). */
  @Get(':receiptId/scan')
  scanStatus(
    @CurrentPrincipal() person: Principal,
    @Param('receiptId') receiptId: string,
  ): Promise<ReceiptScanStatus> {
    return this.queries.execute(new ReceiptScanStatusQuery(person, receiptId));
  }

  /** The query decides whether the person may have the file; the controller streams it. */
  @Get(':receiptId')
  async download(
    @CurrentPrincipal() person: Principal,
    @Param('receiptId') receiptId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const receipt = await this.queries.execute(new ReceiptDownload(person, receiptId));
    const content = this.storage.open(receipt.storageKey);
    content.on('error', (error) => {
      if (!(error instanceof FileNotFoundError)) response.destroy(error);
    });
    response.attachment(receipt.fileName);
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(content, { type: RECEIPT_CONTENT_TYPE, length: receipt.size });
  }
}
