import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createHash } from 'node:crypto';
import {
  FileNotFoundError,
  FileTooLargeError,
  InvalidStorageKeyError,
  isStorageKey,
} from './file-storage.port';
import { LocalFileStorage } from './local-file-storage';

async function allFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('LocalFileStorage', () => {
  let parent: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'files-'));
    storage = new LocalFileStorage(join(parent, 'files'));
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  it('stores, reports, opens and deletes content under a key', async () => {
    const stored = await storage.put(
      'receipts/7/a.pdf',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
    );
    expect(stored).toEqual({
      key: 'receipts/7/a.pdf',
      size: 11,
      sha256: createHash('sha256').update('hello world').digest('hex'),
    });
    expect(await storage.exists('receipts/7/a.pdf')).toBe(true);
    expect(await text(storage.open('receipts/7/a.pdf'))).toBe('hello world');
    await storage.delete('receipts/7/a.pdf');
    expect(await storage.exists('receipts/7/a.pdf')).toBe(false);
    await storage.delete('receipts/7/a.pdf'); // deleting twice is fine
  });

  it('refuses content over maxBytes and leaves nothing behind', async () => {
    const content = Readable.from([Buffer.alloc(6), Buffer.alloc(5)]);
    await expect(storage.put('big.bin', content, { maxBytes: 10 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await allFiles(parent)).toEqual([]);
    await storage.put('exact.bin', Readable.from([Buffer.alloc(10)]), { maxBytes: 10 });
    expect(await storage.exists('exact.bin')).toBe(true);
  });

  it('leaves nothing when the source fails midway', async () => {
    const failing = new Readable({ read() {} });
    failing.push(Buffer.from('partial'));
    const put = storage.put('x.bin', failing);
    setTimeout(() => failing.destroy(new Error('client went away')), 20);
    await expect(put).rejects.toThrow('client went away');
    expect(await allFiles(parent)).toEqual([]);
  });

  it('refuses keys that could leave the folder', async () => {
    for (const key of [
      '../x',
      '/etc/passwd',
      'a//b',
      'a/./b',
      'a/../../b',
      '',
      'a\\b',
      '.incoming/x',
      'a b',
    ]) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    }
    expect(await allFiles(parent)).toEqual([]);
    expect(isStorageKey('receipts/7/0b7c1e2a-1111-4222-8333-444455556666.pdf')).toBe(true);
  });

  it('opens a missing key as a stream that fails with FileNotFoundError', async () => {
    await expect(text(storage.open('nothing/here.pdf'))).rejects.toBeInstanceOf(FileNotFoundError);
  });
});
