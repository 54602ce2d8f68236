import { crc32, deflateSync } from 'node:zlib';
import * as CFB from 'cfb';
import sharp from 'sharp';
import { minimalPdf } from '../src/modules/expenses/receipts/test/minimal-pdf';

/**
 * Real documents for the tests that upload files (resumes, receipts): each is read whole by the
 * server's parser of its kind (platform/files/document-check.ts), so a header alone is not one.
 */

/** A one-page PDF with one line of text per entry. */
export function textPdf(lines: readonly string[]): Buffer {
  return minimalPdf(lines);
}

/** A one-page PDF of exactly `size` bytes (a comment line pads it). */
export function textPdfOfSize(lines: readonly string[], size: number): Buffer {
  return minimalPdf(lines, { totalBytes: size });
}

/**
 * `textPdf` and, in an incremental update after it, an unused FlateDecode stream that unpacks
 * to `unpacked` bytes of spaces: a deflate bomb when `unpacked` is large (100 MB pack into about
 * 100 KB).
 */
export function packedPdf(lines: readonly string[], unpacked: number): Buffer {
  const base = minimalPdf(lines);
  const text = base.toString('latin1');
  const previous = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1];
  const size = Number(/\/Size (\d+)/.exec(text)?.[1]);
  if (!previous || !size) throw new Error('minimalPdf no longer ends with a trailer and startxref');
  const data = deflateSync(Buffer.alloc(unpacked, 0x20), { level: 9 });
  const object = Buffer.concat([
    Buffer.from(`${size} 0 obj\n<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const xref = base.length + object.length;
  const update =
    `xref\n${size} 1\n${String(base.length).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root 1 0 R /Prev ${previous} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([base, object, Buffer.from(update, 'latin1')]);
}

/** A PNG chunk: its length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header says `width` x `height` pixels, with a few bytes of pixels after it. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** '%PDF-' and then an HTML page with a script: a PDF by its first bytes only. */
export function htmlBehindPdfHeader(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n',
    'latin1',
  );
}

/** A PNG image of `width` x `height` pixels, one colour. */
export function pngImage(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1f6feb' } })
    .png()
    .toBuffer();
}

/** A JPEG image of `width` x `height` pixels, one colour. */
export function jpegImage(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1f6feb' } })
    .jpeg()
    .toBuffer();
}

/** A Word 97-2003 (.doc) compound file: an OLE2 container holding a 'WordDocument' stream. */
export function wordDoc(): Buffer {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'WordDocument', Buffer.from('A candidate’s resume', 'utf8'));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** An OLE2 compound file that is not a Word document (no 'WordDocument' stream; a .xls, say). */
export function otherCompoundFile(): Buffer {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'Workbook', Buffer.from('cells', 'utf8'));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}
