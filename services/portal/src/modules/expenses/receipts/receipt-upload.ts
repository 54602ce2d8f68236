import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import {
  FileTooLargeError,
  type FileStorage,
  type StoredFile,
} from '../../../platform/files/file-storage.port';
import { DomainError } from '../../../kernel/domain-error';
import { receiptDisplayName } from './display-name';
import { RECEIPT_CONTENT_TYPE, receiptMessages as msg } from '@portal/contracts';

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

class RefusedUpload extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefusedUpload';
  }
}

/**
 * Lets bytes through only once the first five are the PDF signature `%PDF-`; fails on anything
 * else, and on an empty file. Holds at most five bytes while it waits for them.
 */
class PdfSignatureCheck extends Transform {
  private head = Buffer.alloc(0);
  private checked = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.checked) {
      done(null, chunk);
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < PDF_SIGNATURE.length) {
      if (!PDF_SIGNATURE.subarray(0, this.head.length).equals(this.head)) done(new RefusedUpload(msg.notPdf));
      else done();
      return;
    }
    if (!this.head.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) {
      done(new RefusedUpload(msg.notPdf));
      return;
    }
    this.checked = true;
    const all = this.head;
    this.head = Buffer.alloc(0);
    done(null, all);
  }

  override _flush(done: TransformCallback): void {
    if (this.checked) done();
    else done(new RefusedUpload(this.head.length === 0 ? msg.empty : msg.notPdf));
  }
}

export interface ReceivedReceipt {
  readonly stored: StoredFile;
  /** The sanitised display name. */
  readonly fileName: string;
}

/** A refused upload: 400 on the field `file`. */
export function receiptRefusal(message: string): DomainError {
  return DomainError.validation([{ path: 'file', message }]);
}

function reasonOf(error: unknown): string {
  if (error instanceof RefusedUpload) return error.reason;
  if (error instanceof FileTooLargeError) return msg.tooLarge;
  return msg.unreadable;
}

/**
 * Reads a multipart upload with exactly one PDF in the field `file` and streams it into `storage`
 * under `key` (a key the server generated) while checking it: the PDF signature on the first
 * bytes, at most `maxBytes` (the write stops at the first byte over, nothing is buffered beyond
 * a chunk), not empty, no second file. Any refusal answers 400 on `file` and leaves nothing
 * stored: the partial write is discarded, a completed one is deleted, and the rest of the request
 * body is read and thrown away.
 */
export function receiveReceiptUpload(
  request: IncomingMessage,
  storage: FileStorage,
  key: string,
  maxBytes: number,
): Promise<ReceivedReceipt> {
  return new Promise<ReceivedReceipt>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // One byte over the cap is what tells "too large" from "exactly 10 MB".
        limits: {
          files: 1,
          fileSize: maxBytes + 1,
          fields: 20,
          parts: 30,
          fieldSize: 64 * 1024,
          headerPairs: 50,
        },
      });
    } catch {
      request.resume();
      reject(receiptRefusal(msg.notMultipart));
      return;
    }

    let settled = false;
    let upload: Promise<StoredFile> | null = null;
    let check: PdfSignatureCheck | null = null;
    let fileName = '';

    const refuse = (reason: string) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      request.resume(); // read the rest of the body and throw it away
      check?.destroy(new RefusedUpload(reason)); // a write still in progress stops and is discarded
      void (async () => {
        await upload?.catch(() => undefined);
        await storage.delete(key).catch(() => undefined);
        reject(receiptRefusal(reason));
      })();
    };

    parser.on('file', (field: string, stream: Readable, info: busboy.FileInfo) => {
      if (field !== 'file') {
        stream.resume();
        refuse(msg.wrongField);
        return;
      }
      fileName = receiptDisplayName(info.filename);
      const signature = new PdfSignatureCheck();
      check = signature;
      // The first failure names the refusal (the store may only see "stream closed early").
      let failure: unknown = null;
      signature.on('error', (error) => {
        failure ??= error;
      });
      stream.on('limit', () => {
        signature.destroy(new FileTooLargeError(maxBytes));
        stream.resume();
      });
      stream.on('error', (error) => signature.destroy(error));
      upload = storage.put(key, stream.pipe(signature), { maxBytes, contentType: RECEIPT_CONTENT_TYPE });
      upload.catch((error: unknown) => {
        stream.resume();
        refuse(reasonOf(failure ?? error));
      });
    });
    parser.on('filesLimit', () => refuse(msg.oneFile));
    parser.on('partsLimit', () => refuse(msg.unreadable));
    parser.on('fieldsLimit', () => refuse(msg.unreadable));
    parser.on('error', () => refuse(msg.unreadable));
    request.on('aborted', () => refuse(msg.unreadable));
    request.on('error', () => refuse(msg.unreadable));
    parser.on('close', () => {
      if (settled) return;
      if (!upload) {
        refuse(msg.noFile);
        return;
      }
      upload.then(
        (stored) => {
          if (settled) return;
          settled = true;
          resolve({ stored, fileName });
        },
        () => undefined, // refused by the catch above
      );
    });

    request.pipe(parser);
  });
}
