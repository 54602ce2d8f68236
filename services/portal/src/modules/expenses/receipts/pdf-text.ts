import { Injectable, Logger } from '@nestjs/common';
import { PDFParse } from 'pdf-parse';

/** Pages read for the scan: a receipt's total and date are on its first pages. */
const PAGES_READ = 3;
const READ_TIMEOUT_MS = 10_000;

/**
 * Text of a PDF, with pdf-parse (PDF.js underneath; its CommonJS build, so it loads the same under
 * jest and in the built server). Null when the PDF cannot be read (damaged, encrypted, only
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
      this.logger.warn(`A receipt could not be read as text: ${(error as Error).message}`);
      return null;
    } finally {
      clearTimeout(timer);
      await parser.destroy().catch(() => undefined);
    }
  }
}
