import { Injectable, Logger } from '@nestjs/common';
import { PDFParse } from 'pdf-parse';

/** Pages read for the scan: a receipt's total and date are on its first pages. */
const PAGES_READ = 3;
const READ_TIMEOUT_MS = 10_000;

/** The bytes are not a PDF: PDF.js finds no document in them (whatever their first bytes say). */
export class NotAPdfError extends Error {
  constructor() {
    super('The file is not a PDF document');
    this.name = 'NotAPdfError';
  }
}

/**
 * Text of a PDF, with pdf-parse (PDF.js underneath; its CommonJS build, so it loads the same under
 * jest and in the built server). Opening the document is also the check that the bytes are a
 * PDF: when PDF.js finds no PDF structure (InvalidPDFException: e.g. '%PDF-' followed by HTML)
 * this throws NotAPdfError. Null when a real PDF cannot be read (encrypted, damaged pages, only
 * images) or reading takes longer than 10 s: the scan then answers nothing found.
 */
@Injectable()
export class PdfTextReader {
  private readonly logger = new Logger('PdfTextReader');

  async textOf(pdf: Uint8Array): Promise<string | null> {
    const parser = new PDFParse({ data: pdf, verbosity: 0 });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS);
    });
    try {
      const read = parser.getText({ first: PAGES_READ }).then((result) => result.text);
      return await Promise.race([read, timeout]);
    } catch (error) {
      if ((error as Error).name === 'InvalidPDFException') throw new NotAPdfError();
      this.logger.warn(`A receipt could not be read as text: ${(error as Error).message}`);
      return null;
    } finally {
      clearTimeout(timer);
      await parser.destroy().catch(() => undefined);
    }
  }
}
