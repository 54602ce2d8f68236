/**
 * Wraps one JPEG photo in a one-page PDF, so a receipt photographed on a phone is stored like any
 * other receipt (the server accepts PDF only). The JPEG bytes go into the page unchanged as a
 * DCTDecode image; nothing else is needed to write a valid PDF 1.4 file.
 */

/** A4 width in points; the page height follows the photo's proportions. */
const PAGE_WIDTH = 595;

const encoder = new TextEncoder();

export interface JpegImage {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export function jpegToPdf(image: JpegImage): Blob {
  const pageHeight = Math.max(1, Math.round((PAGE_WIDTH * image.height) / image.width));
  const content = `q ${PAGE_WIDTH} 0 0 ${pageHeight} 0 0 cm /Im0 Do Q\n`;

  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Uint8Array | string) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
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
  object(`<< /Length ${encoder.encode(content).length} >>\nstream\n${content}endstream`);

  const xrefAt = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return new Blob(parts as BlobPart[], { type: 'application/pdf' });
}

/** Draws the current video frame to a canvas and returns it as JPEG bytes with its size. */
export async function captureFrame(video: HTMLVideoElement, quality = 0.85): Promise<JpegImage> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) throw new Error('The camera has not started yet.');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the photo.');
  context.drawImage(video, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('This browser cannot make a JPEG of the photo.');
  return { bytes: new Uint8Array(await blob.arrayBuffer()), width, height };
}
