import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { FileStorage } from './file-storage.port';
import { LocalFileStorage } from './local-file-storage';

/** The folder of the embedded default store. */
export function localFilesFolder(config: PortalConfig): string {
  return join(config.dataDir, 'files');
}

/**
 * The store the configuration names (FILE_STORAGE): the local folder or an Azure Blob container.
 * The Azure adapter (and @azure/storage-blob) is loaded only when it is chosen (decision 0243).
 */
export async function fileStorageOf(config: PortalConfig): Promise<FileStorage> {
  const chosen = config.fileStorage;
  switch (chosen.kind) {
    case 'azure-blob': {
      const { AzureBlobFileStorage } = await import('./azure-blob-file-storage');
      return new AzureBlobFileStorage({
        connectionString: chosen.connectionString,
        container: chosen.container,
      });
    }
    case 'local':
      return new LocalFileStorage(localFilesFolder(config));
  }
}

/**
 * FileStorage for the app: the local folder `${DATA_DIR}/files` by default, Azure Blob Storage
 * with FILE_STORAGE=azure-blob; both pass the same contract suite (file-storage.contract.ts).
 */
export const fileStorageProvider = {
  provide: FileStorage,
  useFactory: fileStorageOf,
  inject: [PORTAL_CONFIG],
} satisfies Provider;
