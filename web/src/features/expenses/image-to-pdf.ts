import {
  jpegToPdf as jpegPdfBytes,
  MAX_PHOTO_MEGAPIXELS,
  receiptMessages,
  type JpegImage,
} from '@portal/contracts';

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

/** A chosen photo that cannot become a receipt: the message says why. */
export class PhotoRefused extends Error {}

/**
 * A photo file (JPEG, PNG, or HEIC where the browser can open it) as a one-page PDF receipt, as
 * the camera's photos are: drawn once to a canvas and saved as JPEG. Photos over 12 megapixels
 * are refused, as are files the browser cannot open.
 */
export async function photoFileToPdf(file: File, quality = 0.85): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoRefused(receiptMessages.photoUnreadable);
  }
  try {
    const { width, height } = bitmap;
    if (width * height > MAX_PHOTO_MEGAPIXELS * 1_000_000)
      throw new PhotoRefused(receiptMessages.photoTooLarge);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoRefused(receiptMessages.photoUnreadable);
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) throw new PhotoRefused(receiptMessages.photoUnreadable);
    const pdf = jpegToPdf({ bytes: new Uint8Array(await blob.arrayBuffer()), width, height });
    const base = file.name.replace(/\.[^.]*$/, '') || 'receipt-photo';
    return new File([pdf], `${base}.pdf`, { type: 'application/pdf' });
  } finally {
    bitmap.close();
  }
}
