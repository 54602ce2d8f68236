import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { hasBrokenCharacters } from '@portal/contracts';
import busboy from 'busboy';
import { FileTooLargeError, type FileStorage, type StoredFile } from './file-storage.port';

/** Why an upload was refused, in words a person can read (the caller maps it to a 400). */
export class RefusedUpload extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefusedUpload';
  }
}

/** The sentences of each refusal, worded by the context that receives the file. */
export interface UploadMessages {
  readonly noFile: string;
  readonly notMultipart: string;
  readonly wrongField: string;
  readonly oneFile: string;
  readonly empty: string;
  readonly wrongType: string;
  readonly tooLarge: string;
  readonly unreadable: string;
  /** The file name breaks the free-text rule (a control or broken character). */
  readonly fileName: string;
}

/**
 * What the first bytes say the content is: a kind, 'undecided' while they still begin an accepted
 * signature, null when they match none. Never the file's name.
 */
export type ContentClassifier<K> = (head: Uint8Array) => K | 'undecided' | null;

/**
 * Lets bytes through only once the first ones name an accepted kind; fails on anything else and
 * on an empty file. Holds only the few leading bytes while it waits for them.
 */
class ContentSignatureCheck<K> extends Transform {
  private head = Buffer.alloc(0);
  kind: K | null = null;

  constructor(
    private readonly classify: ContentClassifier<K>,
    private readonly messages: UploadMessages,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.kind !== null) {
      done(null, chunk);
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    const verdict = this.classify(this.head);
    if (verdict === null) {
      done(new RefusedUpload(this.messages.wrongType));
      return;
    }
    if (verdict === 'undecided') {
      done();
      return;
    }
    this.kind = verdict;
    const all = this.head;
    this.head = Buffer.alloc(0);
    done(null, all);
  }

  override _flush(done: TransformCallback): void {
    if (this.kind !== null) done();
    else done(new RefusedUpload(this.head.length === 0 ? this.messages.empty : this.messages.wrongType));
  }
}

export interface UploadOptions<K> {
  readonly maxBytes: number;
  readonly classify: ContentClassifier<K>;
  readonly messages: UploadMessages;
  /** Kept as metadata by stores that have it. */
  readonly contentType?: string;
}

export interface ReceivedUpload<K> {
  readonly stored: StoredFile;
  /** The name the client sent, as it sent it (sanitise before showing it). */
  readonly clientFileName: string;
  /** What the content's first bytes said it is. */
  readonly kind: K;
}

function reasonOf(error: unknown, messages: UploadMessages): string {
  if (error instanceof RefusedUpload) return error.reason;
  if (error instanceof FileTooLargeError) return messages.tooLarge;
  return messages.unreadable;
}

/** Resolves once the request's body has been read to its end (or the request has gone). */
function bodyRead(request: IncomingMessage): Promise<void> {
  if (request.complete || request.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    request.once('end', resolve);
    request.once('close', resolve);
    request.once('error', () => resolve());
  });
}

/**
 * Reads a multipart upload with exactly one file in the field `file` and streams it into `storage`
 * under `key` (a key the server generated) while checking it: the signature on the first bytes,
 * at most `maxBytes` (the write stops at the first byte over, nothing is buffered beyond a chunk),
 * not empty, no second file. A refusal rejects with `RefusedUpload` and leaves nothing stored: the
 * partial write is discarded, a completed one deleted, the rest of the body read and thrown away.
 */
export function receiveFileUpload<K>(
  request: IncomingMessage,
  storage: FileStorage,
  key: string,
  options: UploadOptions<K>,
): Promise<ReceivedUpload<K>> {
  const { maxBytes, messages } = options;
  return new Promise<ReceivedUpload<K>>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // Browsers send the file name as UTF-8 bytes; busboy's default (latin1) would garble it.
        defParamCharset: 'utf8',
        // One byte over the cap is what tells "too large" from "exactly the cap".
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
      reject(new RefusedUpload(messages.notMultipart));
      return;
    }

    let settled = false;
    let upload: Promise<StoredFile> | null = null;
    let check: ContentSignatureCheck<K> | null = null;
    let clientFileName = '';

    const refuse = (reason: string) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      request.resume(); // read the rest of the body and throw it away
      check?.destroy(new RefusedUpload(reason)); // a write still in progress stops and is discarded
      void (async () => {
        await upload?.catch(() => undefined);
        await storage.delete(key).catch(() => undefined);
        // The answer waits for the body's end: sent while the client is still sending, it would be
        // followed by the socket's close, and the client would read a reset instead of the refusal.
        await bodyRead(request);
        reject(new RefusedUpload(reason));
      })();
    };

    parser.on('file', (field: string, stream: Readable, info: busboy.FileInfo) => {
      if (field !== 'file') {
        stream.resume();
        refuse(messages.wrongField);
        return;
      }
      clientFileName = info.filename ?? '';
      if (hasBrokenCharacters(clientFileName)) {
        stream.resume();
        refuse(messages.fileName);
        return;
      }
      const signature = new ContentSignatureCheck(options.classify, messages);
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
      upload = storage.put(key, stream.pipe(signature), { maxBytes, contentType: options.contentType });
      upload.catch((error: unknown) => {
        stream.resume();
        refuse(reasonOf(failure ?? error, messages));
      });
    });
    parser.on('filesLimit', () => refuse(messages.oneFile));
    parser.on('partsLimit', () => refuse(messages.unreadable));
    parser.on('fieldsLimit', () => refuse(messages.unreadable));
    // busboy cannot read a part header with a control character: in a browser's upload only the
    // file name can hold one.
    parser.on('error', (error: Error) =>
      refuse(error.message === 'Malformed part header' ? messages.fileName : messages.unreadable),
    );
    request.on('aborted', () => refuse(messages.unreadable));
    request.on('error', () => refuse(messages.unreadable));
    parser.on('close', () => {
      if (settled) return;
      if (!upload) {
        refuse(messages.noFile);
        return;
      }
      upload.then(
        (stored) => {
          if (settled) return;
          const kind = check?.kind ?? null;
          if (kind === null) {
            refuse(messages.wrongType);
            return;
          }
          settled = true;
          resolve({ stored, clientFileName, kind });
        },
        () => undefined, // refused by the catch above
      );
    });

    request.pipe(parser);
  });
}

/** Reads the first `count` bytes of a stored file (fewer when it is shorter); null when it is missing. */
export async function headOfStoredFile(
  storage: FileStorage,
  key: string,
  count: number,
): Promise<Buffer | null> {
  if (!(await storage.exists(key))) return null;
  const stream = storage.open(key);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      chunks.push(buffer);
      size += buffer.length;
      if (size >= count) break;
    }
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/** The client's file name as a person may read it back: no path, no control characters, 200 at most. */
export function readableFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f);
  return printable.join('').trim().slice(0, 200) || fallback;
}
