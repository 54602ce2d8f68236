import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { checkStoredZip, type ZipBounds } from './zip-check';
import { MemoryStorage } from './test/memory-storage';

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
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(part.stored ? 0 : 8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(part.stored ? 0 : 8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
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
