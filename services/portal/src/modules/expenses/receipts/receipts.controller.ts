import type { IncomingMessage } from 'node:http';
import { Controller, Get, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentCommand, CurrentPrincipal } from '../../../platform/auth/decorators';
import type { Principal } from '../../../platform/auth/principal';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { FileNotFoundError, FileStorage } from '../../../platform/files/file-storage.port';
import { DomainError } from '../../../kernel/domain-error';
import { RECEIPT_CONTENT_TYPE, receiptMessages as msg } from '@portal/contracts';
import { StaffQueries } from '../../staff/queries/staff-queries';
import { ReceiptQueries } from './receipt-queries';
import { UploadReceiptHandler, type UploadReceiptResult } from './upload-receipt';

/** Receipt upload (multipart, field `file`) and download (owner, or an admin who can see the owner, as an attachment). */
@Controller('expenses/receipts')
export class ReceiptsController {
  constructor(
    private readonly upload: UploadReceiptHandler,
    private readonly receipts: ReceiptQueries,
    private readonly storage: FileStorage,
    private readonly staff: StaffQueries,
  ) {}

  @Post()
  uploadReceipt(
    @CurrentPrincipal() person: Principal,
    @CurrentCommand() command: CommandContext,
    @Req() request: IncomingMessage,
  ): Promise<UploadReceiptResult> {
    return this.upload.execute(person, request, command);
  }

  @Get(':receiptId')
  async download(
    @CurrentPrincipal() person: Principal,
    @Param('receiptId') receiptId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const receipt = await this.receipts.get(receiptId);
    if (!receipt) throw DomainError.notFound(msg.notFound);
    if (!(await this.staff.canSee(person, receipt.employeeId))) throw DomainError.forbidden(msg.forbidden);
    if (!(await this.storage.exists(receipt.storageKey))) throw DomainError.notFound(msg.missingFile);
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
