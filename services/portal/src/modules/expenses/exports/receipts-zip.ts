import {
  FileNotFoundError,
  type FileStorage,
  type StoredFile,
} from '../../../platform/files/file-storage.port';
import type { ReceiptsZipEntry } from './receipts-zip.job';

/** Room for the zip's own bytes per entry (local header, data descriptor, central record, zip64). */
const PER_ENTRY_OVERHEAD = 1024;
const ARCHIVE_OVERHEAD = 64 * 1024;

/** The most bytes the zip of `entries` can have: their sizes plus the zip's headers. */
export function receiptsZipMaxBytes(entries: readonly ReceiptsZipEntry[]): number {
  return entries.reduce(
    (sum, e) => sum + e.size + PER_ENTRY_OVERHEAD + 2 * Buffer.byteLength(e.name),
    ARCHIVE_OVERHEAD,
  );
}

export class ReceiptFileMissingError extends Error {
  constructor(readonly entry: ReceiptsZipEntry) {
    super(`The file of receipt ${entry.receiptId} (${entry.name}) is missing`);
    this.name = 'ReceiptFileMissingError';
  }
}

/**
 * Streams the receipts, one after the other, into a zip written to FileStorage under `targetKey`.
 * Memory stays bounded: one source is open at a time and archiver passes its bytes on as the
 * store takes them (PDFs are stored, not deflated: they are compressed already). `onFile` runs
 * after each entry. All or nothing: any failure destroys the archive, so the store keeps nothing.
 */
export async function writeReceiptsZip(
  storage: FileStorage,
  entries: readonly ReceiptsZipEntry[],
  targetKey: string,
  onFile: (done: number, total: number) => Promise<void> | void = () => undefined,
): Promise<StoredFile> {
  // Loaded here, on the first zip, not when the app starts (decision 0243).
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { store: true });
  const stored = storage.put(targetKey, archive, {
    maxBytes: receiptsZipMaxBytes(entries),
    contentType: 'application/zip',
  });
  // Settles when the store stops reading: early only on a failure (or, never expected, an early end).
  const storeEnded = stored.then(
    () => new Error('The store finished before the archive did'),
    (error: unknown) => error,
  );

  try {
    for (const [index, entry] of entries.entries()) {
      const source = storage.open(entry.storageKey);
      const added = new Promise<void>((resolve, reject) => {
        const onEntry = () => {
          cleanup();
          resolve();
        };
        const onError = (error: unknown) => {
          cleanup();
          reject(error instanceof FileNotFoundError ? new ReceiptFileMissingError(entry) : error);
        };
        const cleanup = () => {
          archive.off('entry', onEntry);
          archive.off('error', onError);
          source.off('error', onError);
        };
        archive.on('entry', onEntry);
        archive.on('error', onError);
        source.on('error', onError);
      });
      archive.append(source, { name: entry.name });
      const ended = await Promise.race([added.then(() => null), storeEnded]);
      if (ended) {
        source.destroy();
        throw ended;
      }
      await onFile(index + 1, entries.length);
    }
    await archive.finalize();
  } catch (error) {
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
    await storeEnded;
    throw error;
  }
  return stored;
}
