import type { DataImportRefusal } from '@portal/contracts';
import { ApiError } from '../../lib/api';

/** A refused file's problems (the 400's `details`), when the error carries them; else null. */
export function refusalOf(error: unknown): DataImportRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const details = error.details as Partial<DataImportRefusal> | undefined;
  return details && Array.isArray(details.problems) && typeof details.problemCount === 'number'
    ? (details as DataImportRefusal)
    : null;
}
