import {
  MAX_RECEIPT_BYTES,
  RECEIPT_CONTENT_TYPE,
  receiptMessages,
  type ReceiptScan,
  type ReceiptScanState,
} from '@portal/contracts';
import type { IncomingMessage } from 'node:http';
import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import { deriveEventId, eventMetadata } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { NotAPdfError, PdfTextReader, type PdfSource } from '../../../platform/files/pdf-text';
import { receiptStorageKey, receiptStreamId, type ReceiptUploadedData } from './receipt-events';
import { EMPTY_SCAN, receiptLocaleOfHeader, scanReceiptText } from './receipt-scan';
import { receiptRefusal, receiveReceiptUpload } from './receipt-upload';

export interface UploadReceiptResult {
  readonly receiptId: string;
  readonly fileName: string;
  readonly size: number;
  readonly scan: ReceiptScan;
  readonly scanState: ReceiptScanState;
  readonly position: LogPosition;
}

/** A person uploads a receipt: the multipart request body, read by the handler as it streams in. */
export class UploadReceiptCommand extends PortalCommand<UploadReceiptResult> {
  constructor(
    caller: Caller,
    readonly request: IncomingMessage,
  ) {
    super(caller);
  }
}

/**
 * Upload of a receipt: the PDF is checked and stored while it streams in (receipt-upload.ts),
 * then opened as a PDF by reading the parts PDF.js asks for from storage, never the whole file
 * (a file that is not one is refused, 400 on `file`, and deleted) for the scan (total, date, vendor
 * and currency, null when nothing can be read; ambiguous dates and a bare '$' by the request's
 * Accept-Language). A PDF without text (a photo, a scan) is scanned later by OCR
 * (`scanState: 'reading'`, receipt-scan.job.ts). Then `ReceiptUploaded` is appended to `receipts-{employeeId}`. The receipt id and the event id
 * derive from the command id, so a retry with the same Idempotency-Key writes the same key and
 * appends nothing twice. If the append fails the stored file is deleted.
 */
@CommandHandler(UploadReceiptCommand)
export class UploadReceiptHandler extends PortalCommandHandler<UploadReceiptCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly storage: FileStorage,
    private readonly reader: PdfTextReader,
  ) {
    super();
  }

  protected async handle({ caller, request }: UploadReceiptCommand): Promise<UploadReceiptResult> {
    const { principal: person, context } = caller;
    const employeeId = person.staffId;
    const streamId = receiptStreamId(employeeId);
    const receiptId = deriveEventId(context.commandId, `${streamId}:receipt-id`, 0);
    const storageKey = receiptStorageKey(employeeId, receiptId);

    const { stored, fileName } = await receiveReceiptUpload(
      request,
      this.storage,
      storageKey,
      MAX_RECEIPT_BYTES,
    );
    const locale = receiptLocaleOfHeader(request.headers['accept-language']);
    try {
      const text = await this.textOf(storageKey, stored.size);
      // No text at all (a photo wrapped on the phone, a scan): OCR reads it in a job.
      const scanState: ReceiptScanState = text !== null && /[\p{L}\p{N}]/u.test(text) ? 'done' : 'reading';
      const scan = scanState === 'done' ? scanReceiptText(text, locale) : EMPTY_SCAN;
      const data: ReceiptUploadedData = {
        receiptId,
        employeeId,
        fileName,
        contentType: RECEIPT_CONTENT_TYPE,
        size: stored.size,
        sha256: stored.sha256,
        storageKey,
        scan,
        scanState,
        locale,
      };
      const appended = await this.store.append(
        streamId,
        [
          {
            id: deriveEventId(context.commandId, streamId, 0),
            type: 'ReceiptUploaded',
            data,
            metadata: eventMetadata(context),
          },
        ],
        'any',
      );
      return { receiptId, fileName, size: stored.size, scan, scanState, position: appended.position };
    } catch (error) {
      await this.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The stored receipt's text, read by ranges from storage (never the whole file); a file that
   * only starts like a PDF is refused like any other non-PDF.
   */
  private async textOf(storageKey: string, size: number): Promise<string | null> {
    const source: PdfSource = {
      length: size,
      read: (start, length) => this.storage.readRange(storageKey, start, length),
    };
    try {
      return await this.reader.textOf(source);
    } catch (error) {
      if (error instanceof NotAPdfError) throw receiptRefusal(receiptMessages.notPdf);
      throw error;
    }
  }
}
