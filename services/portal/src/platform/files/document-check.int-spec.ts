// Integration project: PDF.js (pdf-parse) loads its worker through a dynamic import, which jest
// runs only with --experimental-vm-modules, as the integration project does.

import {
  htmlBehindPdfHeader,
  jpegImage,
  otherCompoundFile,
  packedPdf,
  pngHeaderOnly,
  pngImage,
  textPdf,
  wordDoc,
} from '../../../test/documents';
import {
  checkImage,
  DECODED_BUDGET_BYTES,
  DocumentChecker,
  MAX_IMAGE_PIXELS,
  withinDecodedBudget,
} from './document-check';
import { PdfTextReader } from './pdf-text';

const checker = new DocumentChecker(new PdfTextReader());

describe('a document is read whole by the parser of its kind', () => {
  it('takes a real PDF, PNG, JPEG and Word .doc', async () => {
    expect(await checker.check('application/pdf', textPdf(['Ada Lovelace', 'Analyst']))).toBe('ok');
    expect(await checker.check('image/png', await pngImage())).toBe('ok');
    expect(await checker.check('image/jpeg', await jpegImage())).toBe('ok');
    expect(await checker.check('application/msword', wordDoc())).toBe('ok');
  });

  it("refuses '%PDF-' followed by HTML and script, and a PDF header alone", async () => {
    expect(await checker.check('application/pdf', htmlBehindPdfHeader())).toBe('not-the-kind');
    expect(await checker.check('application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'))).toBe(
      'not-the-kind',
    );
  });

  it('takes compressed streams that unpack to the budget and refuses one byte more', async () => {
    // The page's own content is not compressed: the packed stream is all the budget counts.
    const budget = 1024 * 1024;
    expect(await withinDecodedBudget(packedPdf(['CV'], budget), budget)).toBe(true);
    expect(await withinDecodedBudget(packedPdf(['CV'], budget + 1), budget)).toBe(false);
  });

  it('refuses a PDF with a 100 MB deflate bomb in it (64 MB at most are unpacked)', async () => {
    const bomb = packedPdf(['CV'], 100 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(DECODED_BUDGET_BYTES).toBe(64 * 1024 * 1024);
    expect(await checker.check('application/pdf', bomb)).toBe('too-large');
  });

  it('refuses an image that is another kind, cut short, or only a signature', async () => {
    expect(await checker.check('image/png', await jpegImage())).toBe('not-the-kind');
    expect(await checker.check('image/jpeg', await pngImage())).toBe('not-the-kind');
    const png = await pngImage(64, 64);
    expect(await checker.check('image/png', png.subarray(0, png.length - 20))).toBe('not-the-kind');
    expect(await checker.check('image/png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBe(
      'not-the-kind',
    );
  });

  it('takes an image of the largest pixel count and refuses one pixel row more before decoding it', async () => {
    expect(await checkImage(await pngImage(64, 64), 'png', 64 * 64)).toBe('ok');
    expect(await checkImage(await pngImage(64, 65), 'png', 64 * 64)).toBe('too-large');
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    // A header that claims 100 megapixels is refused from the header: nothing is decoded.
    expect(await checker.check('image/png', pngHeaderOnly(10_000, 10_000))).toBe('too-large');
  });

  it('refuses a compound file without a Word document, and an OLE2 signature alone', async () => {
    expect(await checker.check('application/msword', otherCompoundFile())).toBe('not-the-kind');
    const signature = Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex');
    expect(await checker.check('application/msword', signature)).toBe('not-the-kind');
  });
});
