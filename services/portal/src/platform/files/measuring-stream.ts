import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLargeError } from './file-storage.port';

/**
 * Counts and hashes what passes through; past `maxBytes` it fails with FileTooLargeError, so the
 * pipeline stops reading the source at once (nothing beyond the cap is ever held). Every adapter
 * puts its content through one, so `StoredFile.size` and `sha256` mean the same everywhere.
 */
export class MeasuringStream extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number = Number.MAX_SAFE_INTEGER) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new FileTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
