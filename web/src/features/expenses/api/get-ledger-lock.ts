import type { LedgerLockResponse } from '@portal/contracts';
import { ApiError, apiRequest } from '../../../lib/api';

/**
 * `GET /api/ledgers/:employeeId/:month/locks/:projectId`: the same lock covers time and expenses;
 * found means the month was submitted for verification (not editable), 404 means editable.
 */
export async function findLedgerLock(
  employeeId: number,
  month: string,
  projectId: number,
): Promise<LedgerLockResponse | null> {
  try {
    return await apiRequest<LedgerLockResponse>(
      'GET',
      `/api/ledgers/${employeeId}/${month}/locks/${projectId}`,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
