import { z } from 'zod';

/**
 * Where receipts, resumes, imports and zips are kept (platform/files): the local folder
 * `${DATA_DIR}/files` (the embedded default) or an Azure Blob Storage container.
 */
export type FileStorageConfig =
  | { readonly kind: 'local' }
  | {
      readonly kind: 'azure-blob';
      /** Account key or SAS connection string; a secret: never logged. */
      readonly connectionString: string;
      readonly container: string;
    };

const KINDS = ['local', 'azure-blob'] as const;

/** Azure's container name rules: 3 to 63 of a-z, 0-9 and '-', starting and ending with a letter or digit, no '--'. */
const CONTAINER = /^(?=.{3,63}$)[a-z0-9](?:[a-z0-9]|-(?!-))*[a-z0-9]$/;

export const fileStorageEnvShape = {
  FILE_STORAGE: z.enum(KINDS, { message: `must be one of ${KINDS.join(', ')}` }).default('local'),
  /** Blank is unset (docker compose passes `${AZURE_STORAGE_CONNECTION_STRING:-}`). */
  AZURE_STORAGE_CONNECTION_STRING: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  AZURE_STORAGE_CONTAINER: z
    .string()
    .trim()
    .regex(
      CONTAINER,
      "must be 3 to 63 lowercase letters, digits and single '-', starting and ending with a letter or digit",
    )
    .default('portal-files'),
};

type FileStorageEnv = z.output<z.ZodObject<typeof fileStorageEnvShape>>;

/** The connection string is required by, and only read with, FILE_STORAGE=azure-blob. */
export function checkFileStorageEnv(env: FileStorageEnv, ctx: z.RefinementCtx): void {
  if (env.FILE_STORAGE === 'azure-blob' && !env.AZURE_STORAGE_CONNECTION_STRING) {
    ctx.addIssue({
      code: 'custom',
      path: ['AZURE_STORAGE_CONNECTION_STRING'],
      message: 'is required when FILE_STORAGE=azure-blob',
    });
  }
  if (env.FILE_STORAGE === 'local' && env.AZURE_STORAGE_CONNECTION_STRING) {
    ctx.addIssue({
      code: 'custom',
      path: ['FILE_STORAGE'],
      message:
        'must be azure-blob when AZURE_STORAGE_CONNECTION_STRING is set (files would stay on local disk)',
    });
  }
}

export function fileStorageConfigOf(env: FileStorageEnv): FileStorageConfig {
  if (env.FILE_STORAGE === 'local') return Object.freeze({ kind: 'local' });
  return Object.freeze({
    kind: 'azure-blob',
    connectionString: env.AZURE_STORAGE_CONNECTION_STRING!,
    container: env.AZURE_STORAGE_CONTAINER,
  });
}
