import { matchFileSignature, PDF_SIGNATURE_BYTES, type FileSignature } from './file-signatures';

const SIGNATURES: FileSignature<string>[] = [
  { kind: 'pdf', bytes: PDF_SIGNATURE_BYTES },
  { kind: 'short', bytes: [0xff, 0xd8] },
];

describe('a file is known by its first bytes', () => {
  it('names the kind once every byte of its signature is there', () => {
    expect(matchFileSignature(Buffer.from('%PDF-1.7'), SIGNATURES)).toBe('pdf');
    expect(matchFileSignature(Buffer.from('%PDF-'), SIGNATURES)).toBe('pdf');
    expect(matchFileSignature(Uint8Array.from([0xff, 0xd8, 0x00]), SIGNATURES)).toBe('short');
  });

  it('waits while the bytes still begin a signature, and refuses anything else', () => {
    expect(matchFileSignature(new Uint8Array(0), SIGNATURES)).toBe('undecided');
    expect(matchFileSignature(Buffer.from('%PD'), SIGNATURES)).toBe('undecided');
    expect(matchFileSignature(Buffer.from('%PDX-'), SIGNATURES)).toBeNull();
    expect(matchFileSignature(Buffer.from('plain text'), SIGNATURES)).toBeNull();
  });
});
