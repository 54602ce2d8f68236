import { Logger } from '@nestjs/common';
import { PassThrough, type Readable, type Writable } from 'node:stream';

/**
 * A download written while it is sent (an export's workbook or CSV): `write` fills the stream it is
 * handed. Once the first bytes are out, a failure can no longer be answered as an HTTP error, so it
 * is logged under `context` ("<what> failed: <detail>") and ends the stream with the error: the
 * client sees a broken download rather than a short file that looks whole.
 */
export function streamedDownload(
  context: string,
  what: string,
  write: (out: Writable) => Promise<unknown>,
): Readable {
  const content = new PassThrough();
  write(content).catch((error: unknown) => {
    new Logger(context).error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    content.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return content;
}

/**
 * `pages` with its first page read now: reading it before answering lets a failing database still
 * answer an error rather than a broken download; the other pages are read while the file streams.
 */
export async function withFirstPageRead<T>(pages: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await pages.next();
  async function* all(): AsyncGenerator<T> {
    if (first.done) return;
    yield first.value;
    yield* pages;
  }
  return all();
}
