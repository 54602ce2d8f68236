import { ConfigError, loadConfig } from '../config/config';
import { AzureBlobFileStorage } from './azure-blob-file-storage';
import { fileStorageOf } from './file-storage.provider';
import { LocalFileStorage } from './local-file-storage';

/** Azurite's public development account, on a port nothing listens to (nothing is contacted here). */
const CONNECTION =
  'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:9/devstoreaccount1;';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('file storage configuration', () => {
  it('keeps files in the local folder under DATA_DIR unless told otherwise', async () => {
    const config = loadConfig({ DATA_DIR: '/var/portal' });
    expect(config.fileStorage).toEqual({ kind: 'local' });
    const storage = await fileStorageOf(config);
    expect(storage).toBeInstanceOf(LocalFileStorage);
    expect((storage as LocalFileStorage).folder).toBe('/var/portal/files');
  });

  it('chooses Azure Blob Storage with FILE_STORAGE=azure-blob, in the portal-files container by default', async () => {
    const config = loadConfig({ FILE_STORAGE: 'azure-blob', AZURE_STORAGE_CONNECTION_STRING: CONNECTION });
    expect(config.fileStorage).toEqual({
      kind: 'azure-blob',
      connectionString: CONNECTION,
      container: 'portal-files',
    });
    expect(await fileStorageOf(config)).toBeInstanceOf(AzureBlobFileStorage);
    expect(
      loadConfig({
        FILE_STORAGE: 'azure-blob',
        AZURE_STORAGE_CONNECTION_STRING: CONNECTION,
        AZURE_STORAGE_CONTAINER: 'receipts-prod',
      }).fileStorage,
    ).toMatchObject({ container: 'receipts-prod' });
  });

  it('names each missing or wrong storage variable', () => {
    expect(problemsOf({ FILE_STORAGE: 's3' })).toEqual(['FILE_STORAGE: must be one of local, azure-blob']);
    expect(problemsOf({ FILE_STORAGE: 'azure-blob' })).toEqual([
      'AZURE_STORAGE_CONNECTION_STRING: is required when FILE_STORAGE=azure-blob',
    ]);
    expect(problemsOf({ FILE_STORAGE: 'azure-blob', AZURE_STORAGE_CONNECTION_STRING: ' ' })).toEqual([
      'AZURE_STORAGE_CONNECTION_STRING: is required when FILE_STORAGE=azure-blob',
    ]);
    expect(loadConfig({ AZURE_STORAGE_CONNECTION_STRING: '' }).fileStorage).toEqual({ kind: 'local' });
    expect(problemsOf({ AZURE_STORAGE_CONNECTION_STRING: CONNECTION })).toEqual([
      'FILE_STORAGE: must be azure-blob when AZURE_STORAGE_CONNECTION_STRING is set (files would stay on local disk)',
    ]);
    for (const container of ['Receipts', 'ab', 'a--b', '-files', 'files-', 'my_files']) {
      expect(
        problemsOf({
          FILE_STORAGE: 'azure-blob',
          AZURE_STORAGE_CONNECTION_STRING: CONNECTION,
          AZURE_STORAGE_CONTAINER: container,
        }),
      ).toEqual([
        "AZURE_STORAGE_CONTAINER: must be 3 to 63 lowercase letters, digits and single '-', starting and ending with a letter or digit",
      ]);
    }
  });
});
