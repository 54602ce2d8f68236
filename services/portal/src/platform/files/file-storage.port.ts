import type { Readable } from 'node:stream';

/**
 * The FileStorage port: opaque keys in, bytes out. Keys are chosen by the server (never a path a
 * client sent) and follow the rules every object store accepts (S3-compatible buckets, Azure Blob
 * containers, a local folder): segments of letters, digits, '.', '_' and '-' joined by '/', no
 * empty, '.' or '..' segment, at most 512 characters. Adapters check them with `assertStorageKey`.
 */
export interface PutOptions {
  /** The most bytes the content may have; one byte more aborts the write and stores nothing. */
  readonly maxBytes?: number;
  /** Kept as object metadata by stores that have it (S3, Azure); the local folder ignores it. */
  readonly contentType?: string;
}

export interface StoredFile {
  readonly key: string;
  readonly size: number;
  /** Hex SHA-256 of the stored bytes. */
  readonly sha256: string;
}

export abstract class FileStorage {
  /**
   * Streams `content` under `key`. All or nothing: the key shows the new bytes only once the whole
   * content is written; a failure (too large, the source erroring) leaves nothing behind and
   * rejects. An existing object under the key is replaced.
   */
  abstract put(key: string, content: Readable, options?: PutOptions): Promise<StoredFile>;
  /**
   * The object's bytes as a stream. A missing key makes the stream emit `FileNotFoundError`
   * (remote stores only learn that once the request answers, so this stays synchronous).
   */
  abstract open(key: string): Readable;
  /**
   * The object's bytes from `start`, at most `length` of them: fewer when the object ends sooner,
   * none when `start` is at or past its end. For readers that want parts of a file, never all of
   * it (the receipt scan). A missing key rejects with `FileNotFoundError`; a negative or
   * fractional `start` or `length` with a RangeError.
   */
  abstract readRange(key: string, start: number, length: number): Promise<Buffer>;
  /** Removes the object; a missing key is not an error. */
  abstract delete(key: string): Promise<void>;
  abstract exists(key: string): Promise<boolean>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
    this.name = 'FileNotFoundError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Not a valid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;
export const MAX_STORAGE_KEY_LENGTH = 512;

export function isStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_STORAGE_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/** Checks the `start` and `length` of a `readRange`: whole numbers, none negative. */
export function assertByteRange(start: number, length: number): void {
  for (const [name, value] of [
    ['start', start],
    ['length', length],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`The ${name} of a byte range must be a whole number of bytes, not ${value}`);
    }
  }
}
