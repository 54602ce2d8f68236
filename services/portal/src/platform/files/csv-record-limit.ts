import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Lets CSV bytes through while no record (a row; a line break inside quotes does not end it) is
 * longer than `maxBytes`, its line break not counted; fails with `refusal(line)` at the first byte
 * over, `line` counting the file's lines from 1. A doubled quote inside a quoted field toggles
 * twice, so it changes nothing.
 */
export class CsvRecordLimit extends Transform {
  private inQuotes = false;
  private recordBytes = 0;
  private line = 1;

  constructor(
    private readonly maxBytes: number,
    private readonly refusal: (line: number) => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === LINE_FEED) this.line += 1;
      if (byte === QUOTE) this.inQuotes = !this.inQuotes;
      else if (!this.inQuotes && byte === LINE_FEED) {
        this.recordBytes = 0;
        continue;
      } else if (!this.inQuotes && byte === CARRIAGE_RETURN) continue;
      this.recordBytes += 1;
      if (this.recordBytes > this.maxBytes) {
        done(this.refusal(this.line));
        return;
      }
    }
    done(null, chunk);
  }
}
