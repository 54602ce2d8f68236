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
 * FileStorage for the app: the local folder `${DATA_DIR}/files` (an S3-compatible or Azure Blob
 * adapter would be chosen here from the config, behind the same port).
 */
export const fileStorageProvider = {
  provide: FileStorage,
  useFactory: (config: PortalConfig): FileStorage => new LocalFileStorage(localFilesFolder(config)),
  inject: [PORTAL_CONFIG],
} satisfies Provider;
