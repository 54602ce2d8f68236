import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { InvalidStorageKeyError, isStorageKey } from './file-storage.port';
import { describeFileStorageContract } from './file-storage.contract';
import { LocalFileStorage } from './local-file-storage';

/** Every file under `folder`, finished or in progress, relative to it with '/' separators. */
async function allFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(folder, join(e.parentPath, e.name)).split(sep).join('/'));
}

async function folderFixture() {
  const parent = await mkdtemp(join(tmpdir(), 'files-'));
  const storage = new LocalFileStorage(join(parent, 'files'));
  return { parent, storage };
}

describeFileStorageContract('local folder', async () => {
  const { parent, storage } = await folderFixture();
  const incoming = join(storage.folder, '.incoming');
  return {
    storage,
    storedKeys: () => allFiles(storage.folder),
    receivedSoFar: async () => {
      const sizes = await Promise.all(
        (await allFiles(incoming)).map(async (name) => (await stat(join(incoming, name))).size),
      );
      return sizes.reduce((sum, size) => sum + size, 0);
    },
    dispose: () => rm(parent, { recursive: true, force: true }),
  };
});

describe('LocalFileStorage', () => {
  let parent: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    ({ parent, storage } = await folderFixture());
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  it('keeps a key at the same relative path under its folder', async () => {
    await storage.put('receipts/7/a.pdf', Readable.from([Buffer.from('x')]));
    expect(await allFiles(parent)).toEqual(['files/receipts/7/a.pdf']);
  });

  it('refuses keys in its folder of writes in progress', async () => {
    await expect(storage.put('.incoming/x', Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    expect(await allFiles(parent)).toEqual([]);
    expect(isStorageKey('receipts/7/0b7c1e2a-1111-4222-8333-444455556666.pdf')).toBe(true);
  });
});
