import { StreamableFile } from '@nestjs/common';
import { XLSX } from '@portal/contracts';
import type { Readable, Writable } from 'node:stream';

/** How the portal hands out files (spreadsheets, zips): one answer shape for every context. */

/** An Excel workbook (the API's route declarations name the same type: kernel/api-routes.ts). */
export const XLSX_CONTENT_TYPE = XLSX;

/**
 * `attachment; filename="..."; filename*=UTF-8''...`: the plain name keeps printable ASCII only
 * (anything else, quotes and backslashes become '_'); the RFC 5987 form carries the exact name.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A file download. A stream that fails midway cuts the connection, so the client sees a failed
 * download, never a truncated file that looks whole (the errors a person can act on are answered
 * before the stream starts).
 */
export function fileAttachment(content: Readable, type: string, fileName: string): StreamableFile {
  const file = new StreamableFile(content, { type, disposition: attachmentDisposition(fileName) });
  return file.setErrorHandler((error, response) => {
    if (response.destroyed) return;
    if (response.destroy) response.destroy(error);
    else response.end();
  });
}

/** Resolves once `out` may take more, or has closed: a file written in pages waits on a slow reader. */
export function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
