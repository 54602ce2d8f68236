/**
 * Writes a small, valid PDF (one page, Helvetica, one text line per entry) by hand, so tests can
 * upload real receipts without a PDF-writing library. Offsets in the cross-reference table are
 * computed from the bytes, so PDF readers open it without repairing it.
 */
export function minimalPdf(lines: readonly string[], options: { totalBytes?: number } = {}): Buffer {
  if (options.totalBytes === undefined) return buildPdf(lines, 0);
  // A comment line after the header pads the file to exactly `totalBytes` (offsets stay right).
  let padding = 0;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const pdf = buildPdf(lines, padding);
    if (pdf.length === options.totalBytes) return pdf;
    padding += options.totalBytes - pdf.length;
  }
  throw new Error(`Cannot pad the PDF to ${options.totalBytes} bytes`);
}

function buildPdf(lines: readonly string[], padding: number): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT',
    '/F1 12 Tf',
    '14 TL',
    '72 720 Td',
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
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
