import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MAX_IMPORT_ROW_BYTES } from '@portal/contracts';
import { CsvRecordLimit } from './csv-record-limit';

/** What passes the limit, read in chunks of 1,000 bytes; the error's message when it refused. */
async function through(text: string, maxBytes = MAX_IMPORT_ROW_BYTES): Promise<string> {
  const bytes = Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) =>
    bytes.subarray(i * 1000, (i + 1) * 1000),
  );
  const limit = new CsvRecordLimit(maxBytes, (line) => new Error(`line ${line}`));
  try {
    return (await buffer(Readable.from(chunks).pipe(limit))).toString();
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the longest row of an import', () => {
  const header = 'Date,ServiceName,Cost,Currency\r\n';
  /** A row of exactly `bytes` bytes, its line break not counted. */
  const row = (bytes: number) => `x${'y'.repeat(bytes - 1)}`;

  it('lets a row of exactly the limit through, and refuses one byte more naming its line', async () => {
    const largest = `${header}${row(MAX_IMPORT_ROW_BYTES)}\r\nshort\r\n`;
    expect(await through(largest)).toBe(largest);
    expect(await through(`${header}short\r\n${row(MAX_IMPORT_ROW_BYTES + 1)}\r\n`)).toBe('line 3');
  });

  it('counts a quoted line break as part of its row, and a doubled quote as quoted text', async () => {
    const quoted = `"a ""b""\n${'c'.repeat(5)}"`; // 15 bytes, one record
    expect(await through(`${quoted}\n`, 15)).toBe(`${quoted}\n`);
    expect(await through(`${quoted}x\n`, 15)).toBe('line 2');
    // Unquoted, the same line break ends the row: two short rows.
    expect(await through(`a b\n${'c'.repeat(14)}\n`, 14)).toBe(`a b\n${'c'.repeat(14)}\n`);
  });
});
