import { jpegToPdf as jpegPdfBytes, type JpegImage } from '@portal/contracts';

/**
 * A JPEG photo as a one-page PDF file (the bytes from the shared kernel's jpegToPdf), so a receipt
 * photographed on a phone is stored like any other receipt (the server accepts PDF only).
 */
export function jpegToPdf(image: JpegImage): Blob {
  return new Blob([jpegPdfBytes(image) as BlobPart], { type: 'application/pdf' });
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
