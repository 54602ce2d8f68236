import type { IncomingMessage } from 'node:http';
import type { FileStorage, StoredFile } from '../../../platform/files/file-storage.port';
import { receiveFileUpload, RefusedUpload } from '../../../platform/files/file-upload';
import { DomainError } from '../../../kernel/domain-error';
import { receiptDisplayName } from './display-name';
import {
  matchFileSignature,
  PDF_SIGNATURE_BYTES,
  RECEIPT_CONTENT_TYPE,
  receiptMessages as msg,
} from '@portal/contracts';

const PDF_ONLY = [{ kind: 'pdf' as const, bytes: PDF_SIGNATURE_BYTES }];

/** A PDF once the first five bytes are `%PDF-`. */
const pdfSignature = (head: Uint8Array): 'pdf' | 'undecided' | null => matchFileSignature(head, PDF_ONLY);

const RECEIPT_UPLOAD_MESSAGES = {
  noFile: msg.noFile,
  notMultipart: msg.notMultipart,
  wrongField: msg.wrongField,
  oneFile: msg.oneFile,
  empty: msg.empty,
  wrongType: msg.notPdf,
  tooLarge: msg.tooLarge,
  unreadable: msg.unreadable,
  fileName: msg.fileName,
};

export interface ReceivedReceipt {
  readonly stored: StoredFile;
  /** The sanitised display name. */
  readonly fileName: string;
}

/** A refused upload: 400 on the field `file`. */
export function receiptRefusal(message: string): DomainError {
  return DomainError.validation([{ path: 'file', message }]);
}

/**
 * Reads a multipart upload with exactly one PDF in the field `file` and streams it into `storage`
 * under `key` while checking it (platform/files/file-upload.ts): the PDF signature, at most
 * `maxBytes`, not empty, no second file. Any refusal answers 400 on `file` and leaves nothing stored.
 */
export async function receiveReceiptUpload(
  request: IncomingMessage,
  storage: FileStorage,
  key: string,
  maxBytes: number,
): Promise<ReceivedReceipt> {
  try {
    const { stored, clientFileName } = await receiveFileUpload(request, storage, key, {
      maxBytes,
      classify: pdfSignature,
      messages: RECEIPT_UPLOAD_MESSAGES,
      contentType: RECEIPT_CONTENT_TYPE,
    });
    return { stored, fileName: receiptDisplayName(clientFileName) };
  } catch (error) {
    if (error instanceof RefusedUpload) throw receiptRefusal(error.reason);
    throw error;
  }
}
