import { Injectable, Logger } from '@nestjs/common';
import type { PDFParse } from 'pdf-parse';
import type { PDFDataRangeTransport } from 'pdfjs-dist/types/src/display/api.js';

/** Pages read for the scan: a receipt's total and date are on its first pages. */
const PAGES_READ = 3;
const READ_TIMEOUT_MS = 10_000;
/**
 * What PDF.js asks for at a time (several chunks at once where it needs them). Large enough that
 * a damaged or disguised file, which PDF.js searches to its end, takes about as long as when the
 * whole file was in memory (a 10 MB one: 40 reads); a readable receipt costs a few chunks.
 */
const RANGE_CHUNK_BYTES = 256 * 1024;

/** The bytes are not a PDF: PDF.js finds no document in them (whatever their first bytes say). */
export class NotAPdfError extends Error {
  constructor() {
    super('The file is not a PDF document');
    this.name = 'NotAPdfError';
  }
}

/** Reading took longer than the reader allows (10 s), when asked to say so. */
export class PdfReadTimeout extends Error {
  constructor() {
    super('Reading the PDF took too long');
    this.name = 'PdfReadTimeout';
  }
}

export interface ReadOptions {
  /** What a read that takes longer than 10 s answers: null (nothing read) or PdfReadTimeout. */
  readonly onTimeout?: 'null' | 'throw';
}

/** A PDF the reader opens without holding it whole: its length, and any part of it on request. */
export interface PdfSource {
  readonly length: number;
  /** The bytes from `start`, `length` of them (a stored file: `FileStorage.readRange`). */
  read(start: number, length: number): Promise<Uint8Array>;
}

/**
 * pdf-parse, loaded on the first read rather than when the app starts (it brings PDF.js and the
 * @napi-rs/canvas native module, about 0.35 s; decision 0243), with the range transport class
 * made from its PDF.js build. Loaded once: later reads share the same promise.
 */
let loaded: ReturnType<typeof loadPdfParse> | undefined;

function pdfParse(): ReturnType<typeof loadPdfParse> {
  loaded ??= loadPdfParse();
  return loaded;
}

async function loadPdfParse() {
  const { PDFParse } = await import('pdf-parse');
  const RangeTransportBase = bundledRangeTransport(PDFParse);

  /**
   * Hands PDF.js the ranges it asks for (`requestDataRange(begin, end)`, end exclusive) from the
   * source. A failed or short read is told to `onFailure` (PDF.js has no way to hear of it and
   * would wait), and nothing is handed on once PDF.js has let go of the document.
   */
  class SourceRangeTransport extends RangeTransportBase {
    private aborted = false;

    constructor(
      private readonly source: PdfSource,
      private readonly onFailure: (error: Error) => void,
    ) {
      super(source.length, new Uint8Array(0));
    }

    override requestDataRange(begin: number, end: number): void {
      this.source.read(begin, end - begin).then(
        (chunk) => {
          if (this.aborted) return;
          if (chunk.length !== end - begin) {
            this.onFailure(new Error(`The PDF ended at ${begin + chunk.length}, before ${end}`));
            return;
          }
          this.onDataRange(begin, chunk);
        },
        (error: unknown) => {
          if (!this.aborted) this.onFailure(error as Error);
        },
      );
    }

    override abort(): void {
      this.aborted = true;
    }
  }

  return { PDFParse, SourceRangeTransport };
}

/**
 * The PDFDataRangeTransport class of the PDF.js build bundled in pdf-parse. PDF.js takes a
 * `range` only when it is an instance of its own class, and pdf-parse's CommonJS build does not
 * export it; its `PDFParse.setWorker` puts that build's module on `globalThis.pdfjs` when that is
 * unset, so it is taken from there and the global is left as it was.
 */
function bundledRangeTransport(parse: typeof PDFParse): typeof PDFDataRangeTransport {
  const global = globalThis as { pdfjs?: unknown };
  const before = global.pdfjs;
  delete global.pdfjs;
  parse.setWorker();
  const bundled = global.pdfjs as { PDFDataRangeTransport?: typeof PDFDataRangeTransport } | undefined;
  if (before === undefined) delete global.pdfjs;
  else global.pdfjs = before;
  if (typeof bundled?.PDFDataRangeTransport !== 'function') {
    throw new Error('pdf-parse no longer shows the PDF.js build it bundles (PDFDataRangeTransport)');
  }
  return bundled.PDFDataRangeTransport;
}

/**
 * Text of a PDF's first pages, with pdf-parse (PDF.js underneath; its CommonJS build, so it loads
 * the same under jest and in the built server). The document is opened through PDF.js's range
 * transport: PDF.js asks for the parts it needs (the header, the cross-reference table at the
 * end, the objects of the pages read) in chunks of 256 KB, and only those are read. (PDF.js
 * still reserves one zero-filled array of the file's length and writes the chunks it gets into
 * it; the parts never read are never touched.) Opening the document is also the check that the
 * bytes are a PDF: when PDF.js finds no PDF structure (InvalidPDFException: e.g. '%PDF-'
 * followed by HTML; it searches such a file to its end) this throws NotAPdfError. Null when a
 * real PDF cannot be read (encrypted, damaged pages, only images) or reading takes longer than
 * 10 s (unless `onTimeout: 'throw'`): the scan then answers nothing found. A failed read of the
 * source, or a failure of the reader itself (not a finding about the document), rejects.
 */
@Injectable()
export class PdfTextReader {
  private readonly logger = new Logger('PdfTextReader');

  async textOf(source: PdfSource, { onTimeout = 'null' }: ReadOptions = {}): Promise<string | null> {
    return this.read(source, onTimeout, 'as text', (parser) =>
      // No '-- 1 of 1 --' between pages: a PDF of images only has no text at all.
      parser.getText({ first: PAGES_READ, pageJoiner: '' }).then((result) => result.text),
    );
  }

  /**
   * The first page drawn as a PNG `width` pixels wide (PDF.js on @napi-rs/canvas, as pdf-parse
   * draws screenshots), for OCR of a photo or a scan kept as a PDF. Null when the page cannot be
   * drawn or drawing takes longer than 10 s; NotAPdfError as for `textOf`.
   */
  async firstPageImage(source: PdfSource, width: number): Promise<Uint8Array | null> {
    return this.read(source, 'null', 'as an image', async (parser) => {
      const shot = await parser.getScreenshot({
        first: 1,
        desiredWidth: width,
        imageBuffer: true,
        imageDataUrl: false,
      });
      return shot.pages[0]?.data ?? null;
    });
  }

  /** Opens the source as a PDF for `work`; what `textOf` says of failures and the time allowed holds for both. */
  private async read<T>(
    source: PdfSource,
    onTimeout: 'null' | 'throw',
    what: string,
    work: (parser: PDFParse) => Promise<T | null>,
  ): Promise<T | null> {
    let sourceError: Error | null = null;
    let fail: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      fail = (error) => {
        sourceError ??= error;
        reject(error);
      };
    });
    failed.catch(() => undefined);
    const { PDFParse, SourceRangeTransport } = await pdfParse();
    const parser = new PDFParse({
      range: new SourceRangeTransport(source, fail),
      length: source.length,
      rangeChunkSize: RANGE_CHUNK_BYTES,
      disableAutoFetch: true,
      disableStream: true,
      verbosity: 0,
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve, reject) => {
      timer = setTimeout(
        () => (onTimeout === 'throw' ? reject(new PdfReadTimeout()) : resolve(null)),
        READ_TIMEOUT_MS,
      );
    });
    try {
      const read = work(parser);
      read.catch(() => undefined);
      return await Promise.race([read, timeout, failed]);
    } catch (error) {
      if (sourceError) throw sourceError;
      if (error instanceof PdfReadTimeout) throw error;
      const { name } = error as Error;
      if (name === 'InvalidPDFException') throw new NotAPdfError();
      // Anything but PDF.js's own finding about the document (PasswordException, FormatError,
      // UnknownErrorException, …) is the reader failing, not the file: it is not hidden.
      if (!/Exception$|^FormatError$/.test(name)) throw error;
      this.logger.warn(`A PDF could not be read ${what}: ${(error as Error).message}`);
      return null;
    } finally {
      clearTimeout(timer);
      await parser.destroy().catch(() => undefined);
    }
  }
}
