import { createInflateRaw } from 'node:zlib';
import type { FileStorage } from './file-storage.port';

/** What a stored zip may unpack to: all its parts together, and as a multiple of its own size. */
export interface ZipBounds {
  readonly maxUnpackedBytes: number;
  readonly maxRatio: number;
  /** The most parts it may hold. */
  readonly maxEntries: number;
}

/**
 * 'ok' with the names of its parts; 'not-a-zip' when no readable central directory or a part is
 * neither stored nor deflated (or is Zip64, which no file within the upload limit needs);
 * 'too-large' when it unpacks beyond the bounds (a zip bomb).
 */
export type ZipVerdict =
  | { readonly verdict: 'ok'; readonly names: readonly string[] }
  | { readonly verdict: 'not-a-zip' | 'too-large' };

interface ZipPart {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly declaredSize: number;
  readonly localHeaderOffset: number;
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const CHUNK_BYTES = 1024 * 1024;

function centralDirectory(tail: Buffer): { count: number; size: number; offset: number } | null {
  for (let at = tail.length - END_RECORD_BYTES; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== END_SIGNATURE) continue;
    const count = tail.readUInt16LE(at + 10);
    const size = tail.readUInt32LE(at + 12);
    const offset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return null; // Zip64
    return { count, size, offset };
  }
  return null;
}

function partsOf(directory: Buffer, count: number): ZipPart[] | null {
  const parts: ZipPart[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    parts.push({
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      declaredSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

class TooLarge extends Error {}

/**
 * Checks a stored zip (an xlsx) before anything unpacks it for real: reads its central directory,
 * refuses more parts than allowed and declared sizes beyond the bounds, then inflates every part
 * (a megabyte at a time, in zlib's threads, the output counted and thrown away) so a part that
 * unpacks to more than it declared, or the whole beyond the bounds, is refused too. Never holds
 * more than a chunk of the file or of its output.
 */
export async function checkStoredZip(
  storage: FileStorage,
  key: string,
  fileSize: number,
  bounds: ZipBounds,
): Promise<ZipVerdict> {
  const tailLength = Math.min(fileSize, END_RECORD_BYTES + MAX_COMMENT_BYTES);
  const end = centralDirectory(await storage.readRange(key, fileSize - tailLength, tailLength));
  if (!end || end.offset + end.size > fileSize) return { verdict: 'not-a-zip' };
  if (end.count > bounds.maxEntries) return { verdict: 'too-large' };
  const parts = partsOf(await storage.readRange(key, end.offset, end.size), end.count);
  if (!parts) return { verdict: 'not-a-zip' };
  const budget = Math.min(bounds.maxUnpackedBytes, Math.max(fileSize, 1) * bounds.maxRatio);
  const declared = parts.reduce((sum, p) => sum + p.declaredSize, 0);
  if (declared > budget) return { verdict: 'too-large' };
  let unpacked = 0;
  try {
    for (const part of parts) {
      if (part.method !== 0 && part.method !== 8) return { verdict: 'not-a-zip' };
      const header = await storage.readRange(key, part.localHeaderOffset, 30);
      if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) return { verdict: 'not-a-zip' };
      const dataStart = part.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      if (dataStart + part.compressedSize > fileSize) return { verdict: 'not-a-zip' };
      const size =
        part.method === 0
          ? part.compressedSize
          : await inflatedSize(storage, key, dataStart, part.compressedSize, part.declaredSize);
      if (size !== part.declaredSize) return { verdict: 'not-a-zip' };
      unpacked += size;
      if (unpacked > budget) return { verdict: 'too-large' };
    }
  } catch (error) {
    if (error instanceof TooLarge) return { verdict: 'too-large' };
    return { verdict: 'not-a-zip' };
  }
  return { verdict: 'ok', names: parts.map((p) => p.name) };
}

/** Inflates `length` bytes from `start`, counting the output; throws TooLarge past `limit`. */
async function inflatedSize(
  storage: FileStorage,
  key: string,
  start: number,
  length: number,
  limit: number,
): Promise<number> {
  const inflate = createInflateRaw();
  let size = 0;
  const done = new Promise<number>((resolve, reject) => {
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) inflate.destroy(new TooLarge());
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', reject);
  });
  done.catch(() => undefined);
  for (let at = 0; at < length && !inflate.destroyed; at += CHUNK_BYTES) {
    const chunk = await storage.readRange(key, start + at, Math.min(CHUNK_BYTES, length - at));
    if (!inflate.write(chunk))
      await new Promise((resolve) => {
        inflate.once('drain', resolve);
        inflate.once('close', resolve);
      });
  }
  if (!inflate.destroyed) inflate.end();
  return done;
}
