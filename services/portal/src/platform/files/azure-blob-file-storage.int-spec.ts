import { BlobServiceClient, type ContainerClient } from '@azure/storage-blob';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { startAzurite, type RunningAzurite } from '../../../test/azurite';
import { AzureBlobFileStorage } from './azure-blob-file-storage';
import { describeFileStorageContract } from './file-storage.contract';

/** Names of the committed blobs: what a reader of the container can find. */
async function blobNames(container: ContainerClient): Promise<string[]> {
  const names: string[] = [];
  for await (const blob of container.listBlobsFlat()) names.push(blob.name);
  return names;
}

/** Bytes staged under `key` and not committed yet (a write in progress). */
async function uncommittedBytes(container: ContainerClient, key: string): Promise<number> {
  try {
    const list = await container.getBlockBlobClient(key).getBlockList('uncommitted');
    return (list.uncommittedBlocks ?? []).reduce((sum, block) => sum + block.size, 0);
  } catch {
    return 0; // nothing staged yet
  }
}

function containerOf(azurite: RunningAzurite, name: string): ContainerClient {
  return BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(name);
}

describeFileStorageContract('Azure Blob Storage (Azurite)', async () => {
  const azurite = await startAzurite();
  const name = `contract-${randomUUID().slice(0, 8)}`;
  const container = containerOf(azurite, name);
  return {
    storage: new AzureBlobFileStorage({ connectionString: azurite.connectionString, container: name }),
    storedKeys: () => blobNames(container),
    receivedSoFar: (key) => uncommittedBytes(container, key),
    dispose: () => azurite.stop(),
  };
});

describe('AzureBlobFileStorage', () => {
  let azurite: RunningAzurite;
  beforeAll(async () => {
    azurite = await startAzurite();
  });
  afterAll(async () => {
    await azurite?.stop();
  });

  it('creates its container on the first write and keeps a key as the blob name with its content type', async () => {
    const name = `first-${randomUUID().slice(0, 8)}`;
    const container = containerOf(azurite, name);
    const storage = new AzureBlobFileStorage({ connectionString: azurite.connectionString, container: name });
    expect(await container.exists()).toBe(false);
    expect(await storage.exists('receipts/7/a.pdf')).toBe(false);
    await storage.delete('receipts/7/a.pdf'); // no container yet: still not an error

    await storage.put('receipts/7/a.pdf', Readable.from([Buffer.from('%PDF-1.4 ...')]), {
      contentType: 'application/pdf',
    });
    expect(await blobNames(container)).toEqual(['receipts/7/a.pdf']);
    const properties = await container.getBlobClient('receipts/7/a.pdf').getProperties();
    expect(properties.contentType).toBe('application/pdf');
    expect(properties.contentLength).toBe(12);
  });

  it('reads a file written by another process holding the same configuration', async () => {
    const name = `shared-${randomUUID().slice(0, 8)}`;
    const writer = new AzureBlobFileStorage({ connectionString: azurite.connectionString, container: name });
    const reader = new AzureBlobFileStorage({ connectionString: azurite.connectionString, container: name });
    await writer.put('downloads/job-1.zip', Readable.from([Buffer.from('zip bytes')]));
    expect(await reader.exists('downloads/job-1.zip')).toBe(true);
    expect(await text(reader.open('downloads/job-1.zip'))).toBe('zip bytes');
  });
});
