export interface MinimalPdfOptions {
  /** The file's exact size: a comment line after the header pads it. */
  readonly totalBytes?: number;
  /**
   * Adds pages after the text page: two blank ones, then a fourth whose content stream (blank
   * too, drawn with no ink) is this many bytes, written between the first page and its text.
   */
  readonly largePageBytes?: number;
}

/**
 * Writes a small, valid PDF (one page, Helvetica, one text line per entry; more pages with
 * `largePageBytes`) by hand, so tests can upload real receipts without a PDF-writing library.
 * Offsets in the cross-reference table are computed from the bytes, so PDF readers open it
 * without repairing it.
 */
export function minimalPdf(lines: readonly string[], options: MinimalPdfOptions = {}): Buffer {
  const largePageBytes = options.largePageBytes ?? null;
  if (options.totalBytes === undefined) return buildPdf(lines, 0, largePageBytes);
  // A comment line after the header pads the file to exactly `totalBytes` (offsets stay right).
  let padding = 0;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const pdf = buildPdf(lines, padding, largePageBytes);
    if (pdf.length === options.totalBytes) return pdf;
    padding += options.totalBytes - pdf.length;
  }
  throw new Error(`Cannot pad the PDF to ${options.totalBytes} bytes`);
}

/** A content stream of `bytes` bytes that draws nothing: lines of save/restore operators. */
function blankContent(bytes: number): string {
  const line = 'q Q\n';
  return line.repeat(Math.floor(bytes / line.length)) + ' '.repeat(bytes % line.length);
}

function buildPdf(lines: readonly string[], padding: number, largePageBytes: number | null): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT',
    '/F1 12 Tf',
    '14 TL',
    '72 720 Td',
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const stream = (body: string) =>
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`;
  const page = (contents: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents ${contents} 0 R >>`;
  // Objects 1 to 5: the catalog, the page tree, the text page, its font and (last) its text.
  // With a large page: 5 is the large content, 6 an empty one, 7 and 8 the blank pages 2 and 3,
  // 9 the large page 4, and 10 the text.
  const more = largePageBytes !== null;
  const textObject = more ? 10 : 5;
  const kids = more ? '3 0 R 7 0 R 8 0 R 9 0 R' : '3 0 R';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${more ? 4 : 1} >>`,
    page(textObject),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...(more ? [stream(blankContent(largePageBytes)), stream(''), page(6), page(6), page(5)] : []),
    stream(content),
  ];
  let pdf = '%PDF-1.4\n';
  if (padding >= 2) pdf += `%${'x'.repeat(padding - 2)}\n`;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
