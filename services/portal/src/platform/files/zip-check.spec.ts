import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { checkStoredZip, type ZipBounds } from './zip-check';
import { MemoryStorage } from './test/memory-storage';

/** A zip record of `size` bytes: its signature, then each field's value at its offset (2 or 4 bytes). */
function record(
  size: number,
  signature: number,
  fields: readonly (readonly [offset: number, bytes: 2 | 4, value: number])[],
) {
  const buffer = Buffer.alloc(size);
  buffer.writeUInt32LE(signature, 0);
  for (const [offset, bytes, value] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, offset);
    else buffer.writeUInt32LE(value, offset);
  }
  return buffer;
}

/** A zip written by hand, so a spec can make a part lie about its size. */
function zipOf(
  parts: readonly { name: string; content: Buffer; declaredSize?: number; stored?: boolean }[],
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = part.stored ? part.content : deflateRawSync(part.content);
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? part.content.length;
    const method = part.stored ? 0 : 8;
    const local = record(30, 0x04034b50, [
      [8, 2, method],
      [18, 4, data.length],
      [22, 4, size],
      [26, 2, name.length],
    ]);
    const central = record(46, 0x02014b50, [
      [10, 2, method],
      [20, 4, data.length],
      [24, 4, size],
      [28, 2, name.length],
      [42, 4, offset],
    ]);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = record(22, 0x06054b50, [
    [8, 2, parts.length],
    [10, 2, parts.length],
    [12, 4, directory.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, directory, end]);
}

const WIDE: ZipBounds = { maxUnpackedBytes: 1024 * 1024 * 1024, maxRatio: 100, maxEntries: 1000 };

async function verdictOf(file: Buffer, bounds: ZipBounds = WIDE) {
  return checkStoredZip(new MemoryStorage({ f: file }), 'f', file.length, bounds);
}

describe('checkStoredZip', () => {
  it('names the parts of a workbook exceljs wrote', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Clients').addRow(['Client ID', 'Client Name']);
    const verdict = await verdictOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(verdict.verdict).toBe('ok');
    expect(verdict.verdict === 'ok' && verdict.names).toContain('xl/workbook.xml');
  });

  it('takes parts that unpack to exactly the budget, and refuses one byte more', async () => {
    const content = Buffer.alloc(1000, 'a');
    const file = zipOf([{ name: 'a.xml', content, stored: true }]);
    const bounds = { ...WIDE, maxUnpackedBytes: 1000 };
    expect((await verdictOf(file, bounds)).verdict).toBe('ok');
    expect((await verdictOf(file, { ...bounds, maxUnpackedBytes: 999 })).verdict).toBe('too-large');
  });

  it('refuses a part that unpacks to more than the ratio allows (a zip bomb)', async () => {
    const file = zipOf([{ name: 'xl/workbook.xml', content: Buffer.alloc(4 * 1024 * 1024) }]);
    expect((await verdictOf(file)).verdict).toBe('too-large');
  });

  it('refuses a part that unpacks to more than it declares, however small it says it is', async () => {
    const file = zipOf([
      { name: 'xl/workbook.xml', content: Buffer.alloc(64 * 1024, 'x'), declaredSize: 10 },
    ]);
    expect((await verdictOf(file)).verdict).toBe('too-large');
  });

  it('refuses more parts than allowed, and what is no zip at all', async () => {
    const parts = [1, 2, 3].map((i) => ({ name: `${i}.xml`, content: Buffer.from('x') }));
    expect((await verdictOf(zipOf(parts), { ...WIDE, maxEntries: 3 })).verdict).toBe('ok');
    expect((await verdictOf(zipOf(parts), { ...WIDE, maxEntries: 2 })).verdict).toBe('too-large');
    expect((await verdictOf(Buffer.from('PK\u0003\u0004 but nothing else'))).verdict).toBe('not-a-zip');
  });
});
