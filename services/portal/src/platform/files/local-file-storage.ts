import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open as openFile, rename, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertByteRange,
  assertStorageKey,
  FileNotFoundError,
  FileStorage,
  InvalidStorageKeyError,
  type PutOptions,
  type StoredFile,
} from './file-storage.port';
import { MeasuringStream } from './measuring-stream';

/** Where writes in progress live (never a key's first segment). */
const INCOMING = '.incoming';

/**
 * FileStorage in a local folder (the embedded default: `${DATA_DIR}/files`). A key maps to the
 * same relative path under the folder; a write goes to `.incoming/` first and is renamed into
 * place when complete, so a reader never sees half a file and a refused write leaves nothing.
 */
export class LocalFileStorage extends FileStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  /** The folder everything is stored under (tests look into it). */
  get folder(): string {
    return this.root;
  }

  async put(key: string, content: Readable, options: PutOptions = {}): Promise<StoredFile> {
    const target = this.pathOf(key);
    const incoming = join(this.root, INCOMING);
    // The content may fail while the folder is made; keep that error instead of losing it.
    let failedEarly: unknown = null;
    const onEarlyError = (error: unknown) => {
      failedEarly ??= error;
    };
    content.on('error', onEarlyError);
    try {
      await mkdir(incoming, { recursive: true });
    } finally {
      content.off('error', onEarlyError);
    }
    if (failedEarly) {
      content.destroy();
      throw failedEarly;
    }
    const temporary = join(incoming, `${randomUUID()}.part`);
    const measuring = new MeasuringStream(options.maxBytes);
    try {
      await pipeline(content, measuring, createWriteStream(temporary, { flags: 'wx' }));
      await mkdir(dirname(target), { recursive: true });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { key, size: measuring.size, sha256: measuring.digest() };
  }

  open(key: string): Readable {
    const path = this.pathOf(key);
    const output = new PassThrough();
    const source = createReadStream(path);
    source.on('error', (error: NodeJS.ErrnoException) => {
      output.destroy(error.code === 'ENOENT' ? new FileNotFoundError(key) : error);
    });
    return source.pipe(output);
  }

  async readRange(key: string, start: number, length: number): Promise<Buffer> {
    const path = this.pathOf(key);
    assertByteRange(start, length);
    const file = await openFile(path, 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new FileNotFoundError(key) : error;
    });
    try {
      const { size } = await file.stat();
      const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
      let filled = 0;
      while (filled < bytes.length) {
        const { bytesRead } = await file.read(bytes, filled, bytes.length - filled, start + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return bytes.subarray(0, filled);
    } finally {
      await file.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    try {
      await access(path);
      return true;
    } catch {
      return false;
    }
  }

  /** The key's path; checked twice (key rules, then containment) so nothing lands outside the folder. */
  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, ...key.split('/'));
    const inside = relative(this.root, path);
    const escapes = inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside);
    if (escapes || key.split('/')[0] === INCOMING) throw new InvalidStorageKeyError(key);
    return path;
  }
}
