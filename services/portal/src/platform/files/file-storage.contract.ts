import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sleep } from '../../../test/waiting';
import {
  FileNotFoundError,
  FileTooLargeError,
  InvalidStorageKeyError,
  type FileStorage,
} from './file-storage.port';

/** One FileStorage adapter under test. */
export interface FileStorageFixture {
  readonly storage: FileStorage;
  /** Everything the store holds that a reader could find (finished objects, and for a folder its temporary files). */
  storedKeys(): Promise<string[]>;
  /**
   * Bytes of `key` the store has already received while its write is still in progress (a local
   * temporary file, Azure's uncommitted blocks): how the suite sees that content is streamed.
   */
  receivedSoFar(key: string): Promise<number>;
  dispose(): Promise<void>;
}

const MB = 1024 * 1024;
/** Larger than any buffer an adapter may hold; a store that holds the whole file fails below. */
const LARGE_BYTES = 64 * MB;
/** What an adapter may hold at once while streaming LARGE_BYTES: half of it. */
const MEMORY_BOUND = 32 * MB;
/** The generated source reads no chunk ahead of the store asking for it. */
const ONE_AT_A_TIME = { highWaterMark: 1 };

/** How often the memory test takes its sample (two full garbage collections). */
const SAMPLE_EVERY = 16 * MB;

function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Bytes held in Buffers and ArrayBuffers after two full collections. V8 frees the memory of dead
 * ArrayBuffers on a background thread after a collection, and a sample right after one counted
 * some of it still (37.8 MB read into a 64 MB download whose live buffers are about 4 MB, in a
 * worker that had run many files); the next collection first waits for that freeing to end.
 */
function liveBufferBytes(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
}

/** 1 MB chunks, each a fresh buffer (a store that kept them would keep them all), `total` bytes in all. */
async function* generated(total: number, beforeChunk: (sent: number) => Promise<void> = async () => {}) {
  for (let sent = 0; sent < total; sent += MB) {
    await beforeChunk(sent);
    const chunk = Buffer.alloc(Math.min(MB, total - sent), (sent / MB) % 251);
    yield chunk;
  }
}

function sha256Of(total: number): string {
  const hash = createHash('sha256');
  for (let sent = 0; sent < total; sent += MB)
    hash.update(Buffer.alloc(Math.min(MB, total - sent), (sent / MB) % 251));
  return hash.digest('hex');
}

/** The behaviour every FileStorage adapter (the local folder, Azure Blob Storage) must share. */
export function describeFileStorageContract(label: string, setup: () => Promise<FileStorageFixture>): void {
  describe(`FileStorage contract: ${label}`, () => {
    let fixture: FileStorageFixture;
    let storage: FileStorage;

    beforeAll(async () => {
      fixture = await setup();
      storage = fixture.storage;
    });
    afterAll(async () => {
      await fixture?.dispose();
    });

    it('stores, reports, opens and deletes content under a key', async () => {
      const stored = await storage.put(
        'receipts/7/a.pdf',
        Readable.from([Buffer.from('hello '), Buffer.from('world')]),
        { contentType: 'application/pdf' },
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
      expect(await fixture.storedKeys()).toEqual([]);
    });

    it('replaces the content of an existing key', async () => {
      await storage.put('resumes/r-1', Readable.from([Buffer.from('first version')]));
      const second = await storage.put('resumes/r-1', Readable.from([Buffer.from('second')]));
      expect(second.size).toBe(6);
      expect(await text(storage.open('resumes/r-1'))).toBe('second');
      await storage.delete('resumes/r-1');
    });

    it('keeps keys apart, with dots, dashes and underscores in their segments', async () => {
      const keys = ['a/b.c/d-e_f.pdf', 'a/b.c/d-e_f.pdf.bak', 'a/b', 'a/b-c'];
      for (const key of keys) await storage.put(key, Readable.from([Buffer.from(key)]));
      for (const key of keys) expect(await text(storage.open(key))).toBe(key);
      expect((await fixture.storedKeys()).sort()).toEqual([...keys].sort());
      for (const key of keys) await storage.delete(key);
      expect(await fixture.storedKeys()).toEqual([]);
    });

    it('refuses content over maxBytes and leaves nothing behind', async () => {
      const content = Readable.from([Buffer.alloc(6), Buffer.alloc(5)]);
      await expect(storage.put('big.bin', content, { maxBytes: 10 })).rejects.toBeInstanceOf(
        FileTooLargeError,
      );
      expect(await storage.exists('big.bin')).toBe(false);
      expect(await fixture.storedKeys()).toEqual([]);
      await storage.put('exact.bin', Readable.from([Buffer.alloc(10)]), { maxBytes: 10 });
      expect(await storage.exists('exact.bin')).toBe(true);
      await storage.delete('exact.bin');
    });

    it('refuses a large content at the first byte over the cap, without reading the rest', async () => {
      let chunksRead = 0;
      const content = Readable.from(
        generated(LARGE_BYTES, async () => {
          chunksRead += 1;
        }),
        ONE_AT_A_TIME,
      );
      await expect(storage.put('too-big.bin', content, { maxBytes: 3 * MB })).rejects.toBeInstanceOf(
        FileTooLargeError,
      );
      // A few chunks of read-ahead at most, never the 64 of the whole content.
      expect(chunksRead).toBeLessThan(32);
      expect(await fixture.storedKeys()).toEqual([]);
    });

    it('leaves nothing when the source fails midway', async () => {
      const failing = new Readable({ read() {} });
      failing.push(Buffer.from('partial'));
      const put = storage.put('x.bin', failing);
      setTimeout(() => failing.destroy(new Error('client went away')), 20);
      await expect(put).rejects.toThrow('client went away');
      expect(await storage.exists('x.bin')).toBe(false);
      expect(await fixture.storedKeys()).toEqual([]);
    });

    it('keeps the old content when a replacement fails midway', async () => {
      await storage.put('kept.bin', Readable.from([Buffer.from('the old bytes')]));
      const failing = new Readable({ read() {} });
      failing.push(Buffer.from('new bytes that never finish'));
      const put = storage.put('kept.bin', failing);
      setTimeout(() => failing.destroy(new Error('client went away')), 20);
      await expect(put).rejects.toThrow('client went away');
      expect(await text(storage.open('kept.bin'))).toBe('the old bytes');
      await storage.delete('kept.bin');
    });

    it('refuses keys no object store accepts, storing nothing', async () => {
      for (const key of ['../x', '/etc/passwd', 'a//b', 'a/./b', 'a/../../b', '', 'a\\b', 'a b', 'x/']) {
        await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
          InvalidStorageKeyError,
        );
        await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      expect(await fixture.storedKeys()).toEqual([]);
    });

    it('opens a missing key as a stream that fails with FileNotFoundError', async () => {
      expect(await storage.exists('nothing/here.pdf')).toBe(false);
      await expect(text(storage.open('nothing/here.pdf'))).rejects.toBeInstanceOf(FileNotFoundError);
    });

    it('reads a range of the content, cut short at its end', async () => {
      const key = 'receipts/7/ranged.pdf';
      await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]));
      const range = async (start: number, length: number) =>
        (await storage.readRange(key, start, length)).toString('latin1');
      expect(await range(0, 5)).toBe('hello');
      expect(await range(6, 5)).toBe('world');
      expect(await range(4, 3)).toBe('o w');
      expect(await range(6, 100)).toBe('world');
      expect(await range(10, 1)).toBe('d');
      expect(await range(11, 4)).toBe('');
      expect(await range(500, 4)).toBe('');
      expect(await range(3, 0)).toBe('');
      await storage.delete(key);
    });

    it('refuses a range of a missing key, under an invalid key, or with a negative or fractional bound', async () => {
      await expect(storage.readRange('nothing/here.pdf', 0, 10)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(storage.readRange('nothing/here.pdf', 0, 0)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(storage.readRange('../x', 0, 10)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await storage.put('bounds.bin', Readable.from([Buffer.from('0123456789')]));
      await expect(storage.readRange('bounds.bin', -1, 2)).rejects.toBeInstanceOf(RangeError);
      await expect(storage.readRange('bounds.bin', 0, -2)).rejects.toBeInstanceOf(RangeError);
      await expect(storage.readRange('bounds.bin', 1.5, 2)).rejects.toBeInstanceOf(RangeError);
      await storage.delete('bounds.bin');
      expect(await fixture.storedKeys()).toEqual([]);
    });

    it('sends content on while it still arrives: the store has bytes before the source has given them all', async () => {
      const key = 'streamed/arriving.bin';
      let received = 0;
      // After 24 MB the source waits until the store shows some of them; a store that waits for
      // the whole content before sending any would leave it waiting, and the write would fail.
      const content = Readable.from(
        generated(LARGE_BYTES, async (sent) => {
          if (sent !== 24 * MB) return;
          for (let tries = 0; tries < 3000 && received === 0; tries++) {
            received = await fixture.receivedSoFar(key);
            if (received === 0) await sleep(20);
          }
          if (received === 0) throw new Error('The store had received nothing of 24 MB sent');
        }),
        ONE_AT_A_TIME,
      );
      const stored = await storage.put(key, content);
      expect(received).toBeGreaterThan(0);
      expect(stored.size).toBe(LARGE_BYTES);
      await storage.delete(key);
    });

    it('writes and reads 64 MB holding at most half of it in memory at any time', async () => {
      // Sampled every 16 MB (each sample is a full collection, which takes seconds in a test worker
      // that has run many files): a store that kept what it was given would hold 48 MB at the
      // last write sample, and one that read the whole content first 64 MB at the first read.
      const gc = collector();
      const key = 'streamed/large.bin';
      const baseline = liveBufferBytes(gc);
      let peakWriting = 0;
      const content = Readable.from(
        generated(LARGE_BYTES, async (sent) => {
          if (sent % SAMPLE_EVERY === 0) peakWriting = Math.max(peakWriting, liveBufferBytes(gc) - baseline);
        }),
        ONE_AT_A_TIME,
      );
      const stored = await storage.put(key, content);
      expect(stored).toEqual({ key, size: LARGE_BYTES, sha256: sha256Of(LARGE_BYTES) });

      let peakReading = 0;
      let read = 0;
      let nextSample = 0;
      const hash = createHash('sha256');
      for await (const chunk of storage.open(key)) {
        hash.update(chunk as Buffer);
        read += (chunk as Buffer).length;
        if (read >= nextSample) {
          peakReading = Math.max(peakReading, liveBufferBytes(gc) - baseline);
          nextSample += SAMPLE_EVERY;
        }
      }
      expect({ read, sha256: hash.digest('hex') }).toEqual({ read: LARGE_BYTES, sha256: stored.sha256 });
      expect(peakWriting).toBeLessThan(MEMORY_BOUND);
      expect(peakReading).toBeLessThan(MEMORY_BOUND);

      // A range across the boundary of the 40th and 41st megabyte: the last 3 bytes of the one
      // (filled with 39) and the first 3 of the next (filled with 40), read without the rest.
      const across = await storage.readRange(key, 40 * MB - 3, 6);
      expect([...across]).toEqual([39, 39, 39, 40, 40, 40]);
      const tail = await storage.readRange(key, LARGE_BYTES - 2, 1000);
      expect([...tail]).toEqual([63, 63]);
      await storage.delete(key);
    });
  });
}
