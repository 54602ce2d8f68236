import {
  MAX_RECEIPT_BYTES,
  RECEIPT_CONTENT_TYPE,
  receiptMessages,
  type ReceiptScan,
} from '@portal/contracts';
import type { IncomingMessage } from 'node:http';
import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import { deriveEventId, eventMetadata } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { NotAPdfError, PdfTextReader } from './pdf-text';
import { receiptStorageKey, receiptStreamId, type ReceiptUploadedData } from './receipt-events';
import { scanReceiptText } from './receipt-scan';
import { receiptRefusal, receiveReceiptUpload } from './receipt-upload';

export interface UploadReceiptResult {
  readonly receiptId: string;
  readonly fileName: string;
  readonly size: number;
  readonly scan: ReceiptScan;
  readonly position: LogPosition;
}

async function readAll(stream: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) throw new Error('The stored receipt is larger than an upload may be');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
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
 * then read back and opened as a PDF (a file that is not one is refused, 400 on `file`, and
 * deleted) for the scan (total and date, null when nothing can be read), then
 * `ReceiptUploaded` is appended to `receipts-{employeeId}`. The receipt id and the event id
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
    try {
      const bytes = await readAll(this.storage.open(storageKey), MAX_RECEIPT_BYTES);
      const scan = scanReceiptText(await this.textOf(bytes));
      const data: ReceiptUploadedData = {
        receiptId,
        employeeId,
        fileName,
        contentType: RECEIPT_CONTENT_TYPE,
        size: stored.size,
        sha256: stored.sha256,
        storageKey,
        scan,
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
      return { receiptId, fileName, size: stored.size, scan, position: appended.position };
    } catch (error) {
      await this.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
  }

  /** The receipt's text; a file that only starts like a PDF is refused like any other non-PDF. */
  private async textOf(bytes: Buffer): Promise<string | null> {
    try {
      return await this.reader.textOf(new Uint8Array(bytes));
    } catch (error) {
      if (error instanceof NotAPdfError) throw receiptRefusal(receiptMessages.notPdf);
      throw error;
    }
  }
}
