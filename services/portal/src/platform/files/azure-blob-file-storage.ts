import { BlobServiceClient, type ContainerClient } from '@azure/storage-blob';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  assertByteRange,
  assertStorageKey,
  FileNotFoundError,
  FileStorage,
  type PutOptions,
  type StoredFile,
} from './file-storage.port';
import { MeasuringStream } from './measuring-stream';

/**
 * Each block staged while a file streams in. Azure allows 50,000 blocks per blob, so 2 MB blocks
 * allow files of about 97 GB; the zips of receipts are the largest the portal writes.
 */
const BLOCK_BYTES = 2 * 1024 * 1024;
/**
 * Blocks sent at once. The SDK's scheduler holds up to twice as many buffers (filling and
 * sending), so one upload holds about 4 * BLOCK_BYTES = 8 MB (the contract suite measures it).
 */
const BLOCKS_AT_ONCE = 2;
/** A download cut midway is resumed from where it stopped this many times before it fails. */
const DOWNLOAD_RETRIES = 3;

export interface AzureBlobFileStorageOptions {
  /** Account key or SAS connection string (Azurite's in tests). */
  readonly connectionString: string;
  /** The container; created on the first write when it does not exist. */
  readonly container: string;
}

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'statusCode' in error
    ? (error as { statusCode?: number }).statusCode
    : undefined;
}

/**
 * FileStorage on Azure Blob Storage: a key is a block blob's name in one container. Writes stream
 * through `uploadStream`: the content is staged in 2 MB blocks as it arrives (about 8 MB held per
 * upload, never the whole file) and becomes visible only when the block list is committed at the end, so
 * a refused or failed write leaves the key as it was (its uncommitted blocks are never readable
 * and Azure discards them within a week). Reads stream the blob's body as it downloads; a ranged
 * read asks Azure for those bytes only (`download(offset, count)`).
 */
export class AzureBlobFileStorage extends FileStorage {
  private readonly container: ContainerClient;
  private created: Promise<unknown> | null = null;

  constructor(options: AzureBlobFileStorageOptions) {
    super();
    this.container = BlobServiceClient.fromConnectionString(options.connectionString).getContainerClient(
      options.container,
    );
  }

  async put(key: string, content: Readable, options: PutOptions = {}): Promise<StoredFile> {
    assertStorageKey(key);
    // The content may fail while the container is checked; keep that error instead of losing it.
    let failure: unknown = null;
    const onEarlyError = (error: unknown) => {
      failure ??= error;
    };
    content.on('error', onEarlyError);
    try {
      await this.ensureContainer();
    } catch (error) {
      content.destroy();
      throw error;
    } finally {
      content.off('error', onEarlyError);
    }
    if (failure) {
      content.destroy();
      throw failure;
    }

    const measuring = new MeasuringStream(options.maxBytes);
    // Settles (rejecting) on the first failure of the content or of the cap, whichever comes first.
    const failed = new Promise<never>((_, reject) => {
      pipeline(content, measuring, (error) => {
        if (!error) return;
        failure ??= error;
        reject(failure);
      });
    });
    failed.catch(() => undefined);
    const upload = this.container
      .getBlockBlobClient(key)
      .uploadStream(measuring, BLOCK_BYTES, BLOCKS_AT_ONCE, {
        blobHTTPHeaders: options.contentType ? { blobContentType: options.contentType } : undefined,
      });
    upload.catch(() => undefined);
    try {
      await Promise.race([upload, failed]);
    } catch (error) {
      measuring.destroy();
      throw failure ?? error;
    }
    return { key, size: measuring.size, sha256: measuring.digest() };
  }

  open(key: string): Readable {
    assertStorageKey(key);
    const output = new PassThrough();
    const abort = new AbortController();
    output.on('close', () => abort.abort());
    this.container
      .getBlobClient(key)
      .download(0, undefined, { maxRetryRequests: DOWNLOAD_RETRIES, abortSignal: abort.signal })
      .then(
        (response) => {
          const body = response.readableStreamBody as Readable | undefined;
          if (!body) {
            output.destroy(new Error(`The download of ${key} had no body`));
            return;
          }
          pipeline(body, output, () => undefined); // a failure midway destroys `output` with it
        },
        (error: unknown) => {
          output.destroy(statusOf(error) === 404 ? new FileNotFoundError(key) : (error as Error));
        },
      );
    return output;
  }

  async readRange(key: string, start: number, length: number): Promise<Buffer> {
    assertStorageKey(key);
    assertByteRange(start, length);
    const blob = this.container.getBlobClient(key);
    if (length === 0) {
      // A count of 0 would mean "to the end" to the SDK; nothing is read, only the key checked.
      if (!(await blob.exists())) throw new FileNotFoundError(key);
      return Buffer.alloc(0);
    }
    try {
      const response = await blob.download(start, length, { maxRetryRequests: DOWNLOAD_RETRIES });
      const body = response.readableStreamBody;
      if (!body) throw new Error(`The download of ${key} had no body`);
      return await buffer(body);
    } catch (error) {
      if (statusOf(error) === 404) throw new FileNotFoundError(key);
      if (statusOf(error) === 416) return Buffer.alloc(0); // `start` at or past the end
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.container.getBlobClient(key).delete();
    } catch (error) {
      if (statusOf(error) !== 404) throw error; // no such blob, or no container yet
    }
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    return this.container.getBlobClient(key).exists();
  }

  /** Creates the container once; a failure is retried on the next write. */
  private ensureContainer(): Promise<unknown> {
    this.created ??= this.container.createIfNotExists().catch((error: unknown) => {
      this.created = null;
      throw error;
    });
    return this.created;
  }
}
