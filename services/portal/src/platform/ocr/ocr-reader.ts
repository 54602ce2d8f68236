import { dirname, join } from 'node:path';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Worker } from 'tesseract.js';
import { skewAngle } from './deskew';

/** The largest photo read: 12 megapixels (a phone's usual photo); sharp refuses bigger ones. */
export const MAX_OCR_PIXELS = 12_000_000;
/**
 * The width the image is read at: enough for receipt print (about 25 px per line of text on a
 * photo of the whole receipt), small enough that one read stays near a second on one core and
 * Tesseract's memory within the worker's 400 MB.
 */
export const OCR_WIDTH = 1200;

/** A photo sharp cannot open, or one over 12 MP. */
export class UnreadableImageError extends Error {
  constructor(reason: string) {
    super(`The image cannot be read: ${reason}`);
    this.name = 'UnreadableImageError';
  }
}

/**
 * The English data shipped in @tesseract.js-data/eng (LSTM, best_int), never fetched: langPath is
 * its folder in node_modules and nothing is cached elsewhere.
 */
function languageFolder(): string {
  const main = require.resolve('@tesseract.js-data/eng/package.json');
  return join(dirname(main), '4.0.0_best_int');
}

/** The width the skew is measured at (deskew.ts): small enough to take milliseconds. */
const SKEW_WIDTH = 500;
/** Skews below this are left alone: Tesseract reads them as they are. */
const MIN_SKEW_DEGREES = 0.5;

/** Tesseract's own choice of how to tell ink from paper: Sauvola's, threshold per neighbourhood (uneven light). */
const SAUVOLA = '2';

/**
 * The image as Tesseract reads it best: turned upright by its EXIF orientation, grey, scaled to
 * 1200 px wide, levelled (the skew measured by deskew.ts, then turned back by sharp onto white),
 * then stretched to full black-to-white (faded thermal print). Uneven light is left to
 * Tesseract's Sauvola thresholding, which judges each part of the page by its surroundings.
 */
export async function prepareForOcr(image: Uint8Array): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  // Nothing is read twice: libvips keeps no cache of operations (up to 50 MB by default).
  sharp.cache(false);
  try {
    const upright = sharp(image, { limitInputPixels: MAX_OCR_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: OCR_WIDTH })
      .grayscale();
    const small = await upright
      .clone()
      .resize({ width: SKEW_WIDTH })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const angle = skewAngle({ pixels: small.data, width: small.info.width, height: small.info.height });
    const level =
      Math.abs(angle) >= MIN_SKEW_DEGREES ? upright.rotate(-angle, { background: '#ffffff' }) : upright;
    return await level.normalise({ lower: 1, upper: 99 }).png({ compressionLevel: 1 }).toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

/** How far a read is: 0 to 1. */
export type OcrProgress = (fraction: number) => void;

/**
 * Text of a photo, read by Tesseract (tesseract.js, WebAssembly) on this machine. One Tesseract
 * worker per process, started on the first read and kept; reads run one at a time (a read holds
 * about 100 MB besides the worker's own), the next waiting for the one before. Stops the worker
 * when the app closes.
 */
@Injectable()
export class OcrReader implements OnModuleDestroy {
  private worker: Promise<Worker> | undefined;
  private last: Promise<unknown> = Promise.resolve();
  private progress: OcrProgress | null = null;
  private readonly logger = new Logger('OcrReader');

  textOf(image: Uint8Array, onProgress?: OcrProgress): Promise<string> {
    const read = this.last.then(() => this.readNow(image, onProgress));
    this.last = read.catch(() => undefined);
    return read;
  }

  private async readNow(image: Uint8Array, onProgress?: OcrProgress): Promise<string> {
    const prepared = await prepareForOcr(image);
    const worker = await this.started();
    this.progress = onProgress ?? null;
    try {
      const result = await worker.recognize(prepared, {}, { text: true });
      return result.data.text;
    } finally {
      this.progress = null;
    }
  }

  private started(): Promise<Worker> {
    this.worker ??= this.start();
    return this.worker;
  }

  private async start(): Promise<Worker> {
    const { createWorker, OEM } = await import('tesseract.js');
    try {
      const worker = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: languageFolder(),
        gzip: true,
        cacheMethod: 'none',
        logger: (message: { status: string; progress: number }) => {
          if (message.status === 'recognizing text') this.progress?.(message.progress);
        },
        errorHandler: (error: unknown) => this.logger.warn(`Tesseract: ${String(error)}`),
      });
      await worker.setParameters({ thresholding_method: SAUVOLA } as Parameters<Worker['setParameters']>[0]);
      return worker;
    } catch (error) {
      this.worker = undefined;
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => null))?.terminate();
  }
}
