import { Readable } from 'node:stream';
import { FileStorage, type StoredFile } from '../file-storage.port';

/** Files held in memory, for the specs of what reads stored files (only reading is needed). */
export class MemoryStorage extends FileStorage {
  private readonly files = new Map<string, Buffer>();

  constructor(files: Readonly<Record<string, Buffer>> = {}) {
    super();
    for (const [key, content] of Object.entries(files)) this.files.set(key, content);
  }

  put(): Promise<StoredFile> {
    return Promise.reject(new Error('MemoryStorage is read-only'));
  }

  open(key: string): Readable {
    const content = this.files.get(key);
    if (!content) throw new Error(`no file ${key}`);
    // Chunks of 64 KB, as a file stream hands them over.
    const chunks: Buffer[] = [];
    for (let at = 0; at < content.length; at += 65536) chunks.push(content.subarray(at, at + 65536));
    return Readable.from(chunks);
  }

  readRange(key: string, start: number, length: number): Promise<Buffer> {
    const content = this.files.get(key);
    if (!content) return Promise.reject(new Error(`no file ${key}`));
    return Promise.resolve(Buffer.from(content.subarray(start, start + length)));
  }

  delete(key: string): Promise<void> {
    this.files.delete(key);
    return Promise.resolve();
  }

  exists(key: string): Promise<boolean> {
    return Promise.resolve(this.files.has(key));
  }
}
