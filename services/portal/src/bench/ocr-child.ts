import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ReceiptScan } from '@portal/contracts';
import { pdfInMemory, readPhotoReceipt } from '../modules/expenses/receipts/receipt-ocr';
import { receiptLocaleOf } from '../modules/expenses/receipts/receipt-scan';
import { PdfTextReader } from '../platform/files/pdf-text';
import { OcrReader } from '../platform/ocr/ocr-reader';
import { procMemoryBytes } from './measure';

/** One photo's reading, as the child prints it. */
export interface OcrChildReading {
  readonly file: string;
  readonly ms: number;
  /** CPU time of the whole process (every thread) for the photo: the figure a busy machine does not inflate. */
  readonly cpuMs: number;
  readonly scan: ReceiptScan;
}

export interface OcrChildFigures {
  readonly readings: readonly OcrChildReading[];
  /** The child's peak RSS (VmHWM): the worker's, Tesseract loaded, start-up included. */
  readonly peakRssBytes: number;
}

/**
 * The OCR of the bench in a process of its own, as the worker role reads a photo receipt:
 * `node ocr-child.js <folder> <file>:<locale>...`; reads each PDF of the folder through
 * readPhotoReceipt (the scan job's path: page drawn, OCR, scan) one after another and prints the
 * readings and its peak RSS as JSON on stdout (bench/ocr.ts runs it).
 */
async function main(): Promise<number> {
  const [folder, ...files] = process.argv.slice(2);
  if (!folder || files.length === 0) {
    console.error('usage: ocr-child.js <folder> <file>:<locale>...');
    return 2;
  }
  const readers = { pdf: new PdfTextReader(), ocr: new OcrReader() };
  const readings: OcrChildReading[] = [];
  try {
    for (const named of files) {
      const [file, locale] = named.split(':');
      const bytes = new Uint8Array(await readFile(join(folder, file)));
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { scan } = await readPhotoReceipt(pdfInMemory(bytes), readers, receiptLocaleOf(locale));
      const used = process.cpuUsage(cpu);
      readings.push({ file, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, scan });
    }
    const figures: OcrChildFigures = { readings, peakRssBytes: procMemoryBytes('self', 'VmHWM') };
    process.stdout.write(JSON.stringify(figures));
    return 0;
  } catch (error) {
    console.error(`OCR failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    await readers.ocr.onModuleDestroy();
  }
}

void main().then((code) => process.exit(code));
