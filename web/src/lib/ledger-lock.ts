import { type LedgerLockResponse, monthOf } from '@portal/contracts';
import { ApiError, apiRequest } from './api';

/**
 * `GET /api/ledgers/:employeeId/:month/locks/:projectId`: the same lock covers time and expenses;
 * found means the person already submitted that project and month for verification (not
 * editable), 404 means editable.
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

/** A saved row of a monthly ledger (a timesheet entry or an expense). */
export interface LedgerRowRef {
  readonly date: string;
  readonly projectId: number;
  readonly projectName: string;
}

/**
 * The message to show when the row's month was already submitted for verification, or null when
 * it may be changed. A failed check counts as editable: the server checks again on save.
 */
export async function ledgerLockMessage(
  employeeId: number,
  row: LedgerRowRef,
  notEditable: (project: string) => string,
): Promise<string | null> {
  try {
    const lock = await findLedgerLock(employeeId, monthOf(row.date), row.projectId);
    return lock ? notEditable(lock.project || row.projectName) : null;
  } catch {
    return null;
  }
}
