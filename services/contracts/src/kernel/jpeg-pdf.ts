/**
 * Wraps one JPEG photo in a one-page PDF, so a receipt photographed on a phone is stored like any
 * other receipt (the server accepts PDF only). Shared: the web wraps its photos with it, the
 * server's tests and bench wrap their generated photos the same way.
 */

/** A4 width in points; the page height follows the photo's proportions. */
const PAGE_WIDTH = 595;

/** The PDF's own text is ASCII only: one byte a character. */
const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

export interface JpegImage {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** The bytes of a one-page PDF (1.4) showing the JPEG, whose bytes go in unchanged (DCTDecode). */
export function jpegToPdf(image: JpegImage): Uint8Array {
  const pageHeight = Math.max(1, Math.round((PAGE_WIDTH * image.height) / image.width));
  const content = `q ${PAGE_WIDTH} 0 0 ${pageHeight} 0 0 cm /Im0 Do Q\n`;

  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Uint8Array | string) => {
    const bytes = typeof part === 'string' ? ascii(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: string) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  };

  // The second line's high bytes mark the file as binary for tools that look.
  push('%PDF-1.4\n');
  push(new Uint8Array([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${pageHeight}] ` +
      '/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
  );
  offsets.push(length);
  push(
    `4 0 obj\n<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} ` +
      `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.bytes.length} >>\nstream\n`,
  );
  push(image.bytes);
  push('\nendstream\nendobj\n');
  object(`<< /Length ${ascii(content).length} >>\nstream\n${content}endstream`);

  const xrefAt = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  const pdf = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    pdf.set(part, at);
    at += part.length;
  }
  return pdf;
}
