import { promisify } from 'node:util';
import { constants, inflate } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { NotAPdfError, PdfReadTimeout, PdfTextReader } from './pdf-text';

/** The kinds of document the portal takes whole and checks whole (a resume, for one). */
export type CheckedDocumentKind = 'application/pdf' | 'application/msword' | 'image/png' | 'image/jpeg';

/**
 * What a check found: the document is what its first bytes claim, or it is not ('not-the-kind':
 * not a readable document of that kind), or it could not be checked within the bounds
 * ('too-large': it unpacks to more than DECODED_BUDGET_BYTES, has more than MAX_IMAGE_PIXELS, or
 * takes longer than 30 s to read).
 */
export type DocumentVerdict = 'ok' | 'not-the-kind' | 'too-large';

/** What all of a PDF's compressed streams may unpack to, together (a page's content is KBs). */
export const DECODED_BUDGET_BYTES = 64 * 1024 * 1024;
/** An image's pixels at most: a 50-megapixel photo decodes in about 150 MB, in libvips's threads. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** How long decoding an image may take (a 48-megapixel photo takes 13 s on a loaded two-core machine). */
const CHECK_SECONDS = 30;

const inflateAsync = promisify(inflate);

/**
 * Reads a whole document with a maintained parser for its kind, within a time and a memory bound,
 * so a file that only starts like a document (a '%PDF-' header followed by HTML, a PNG signature
 * on anything) or unpacks to far more than it weighs (a deflate bomb) is refused:
 *
 * - PDF: every `stream … endstream` that is zlib data is inflated, in zlib's threads, with
 *   `maxOutputLength` set to what is left of DECODED_BUDGET_BYTES; then PDF.js (pdf-parse) opens
 *   the document (its cross-reference table, catalog and pages) and reads the first pages' text
 *   in at most 10 s (platform/files/pdf-text.ts). PDF.js finding no PDF structure is 'not-the-kind';
 *   a real PDF whose text cannot be read (scanned pages, encrypted) is still a PDF.
 * - Word .doc: the OLE2 compound file is parsed with `cfb` (SheetJS) and must hold a
 *   'WordDocument' stream.
 * - PNG and JPEG: sharp (libvips) reads the header, refuses more than MAX_IMAGE_PIXELS before
 *   decoding, then decodes every pixel (`stats`, streamed, no full bitmap kept) in at most 30 s;
 *   the format it finds must be the one claimed, and a truncated image is refused.
 *
 * pdf-parse, cfb and sharp are loaded on the first check of their kind, not when the app starts
 * (decision 0243); a library that fails to load fails the check, it is not taken for a verdict.
 */
@Injectable()
export class DocumentChecker {
  constructor(private readonly pdf: PdfTextReader) {}

  async check(kind: CheckedDocumentKind, bytes: Buffer): Promise<DocumentVerdict> {
    switch (kind) {
      case 'application/pdf':
        return this.checkPdf(bytes);
      case 'application/msword':
        return checkWord(bytes);
      case 'image/png':
        return checkImage(bytes, 'png');
      case 'image/jpeg':
        return checkImage(bytes, 'jpeg');
      default: {
        const unknown: never = kind;
        return unknown;
      }
    }
  }

  private async checkPdf(bytes: Buffer): Promise<DocumentVerdict> {
    if (!(await withinDecodedBudget(bytes))) return 'too-large';
    try {
      await this.pdf.textOf(
        { length: bytes.length, read: async (start, length) => bytes.subarray(start, start + length) },
        { onTimeout: 'throw' },
      );
      return 'ok';
    } catch (error) {
      if (error instanceof NotAPdfError) return 'not-the-kind';
      if (error instanceof PdfReadTimeout) return 'too-large';
      throw error;
    }
  }
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Inflates each PDF stream whose data is zlib data (a FlateDecode stream; anything else fails
 * zlib's header check at once and is left to PDF.js) and answers false as soon as all of them
 * together unpack to more than `budget` bytes.
 */
export async function withinDecodedBudget(bytes: Buffer, budget = DECODED_BUDGET_BYTES): Promise<boolean> {
  let left = budget;
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, at);
    if (keyword < 0) return true;
    let start = keyword + STREAM.length;
    if (bytes[start] === 0x0d) start += 1;
    if (bytes[start] === 0x0a) start += 1;
    const end = bytes.indexOf(END_STREAM, start);
    const data = bytes.subarray(start, end < 0 ? bytes.length : end);
    at = end < 0 ? bytes.length : end + END_STREAM.length;
    if (keyword >= 3 && bytes.subarray(keyword - 3, keyword).toString('latin1') === 'end') continue;
    try {
      const unpacked = await inflateAsync(data, {
        maxOutputLength: left + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      left -= unpacked.length;
      if (left < 0) return false;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return false;
      // Not zlib data, or damaged: PDF.js decides.
    }
  }
}

async function checkWord(bytes: Buffer): Promise<DocumentVerdict> {
  const CFB = await import('cfb');
  try {
    const container = CFB.read(bytes, { type: 'buffer' });
    return CFB.find(container, 'WordDocument') ? 'ok' : 'not-the-kind';
  } catch {
    return 'not-the-kind';
  }
}

/** An image of the claimed format, of at most `maxPixels`, every pixel of it decoded. */
export async function checkImage(
  bytes: Buffer,
  format: 'png' | 'jpeg',
  maxPixels = MAX_IMAGE_PIXELS,
): Promise<DocumentVerdict> {
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: maxPixels, failOn: 'truncated' as const };
  try {
    const header = await sharp(bytes, options).metadata();
    if (header.format !== format) return 'not-the-kind';
    if ((header.width ?? 0) * (header.height ?? 0) > maxPixels) return 'too-large';
    await sharp(bytes, { ...options, sequentialRead: true })
      .timeout({ seconds: CHECK_SECONDS })
      .stats();
    return 'ok';
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit|timeout/i.test(message)) return 'too-large';
    return 'not-the-kind';
  }
}
