import { type LedgerLockCheck, monthOf } from '@portal/contracts';
import { apiRequest } from './api';

/**
 * `GET /api/ledgers/:employeeId/:month/locks/:projectId`: the same lock covers time and expenses.
 * It answers 200 either way: `locked: true` when the person already submitted that project and
 * month for verification (not editable), `locked: false` when it may be changed.
 */
export function checkLedgerLock(
  employeeId: number,
  month: string,
  projectId: number,
): Promise<LedgerLockCheck> {
  return apiRequest<LedgerLockCheck>('GET', `/api/ledgers/${employeeId}/${month}/locks/${projectId}`);
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
    const lock = await checkLedgerLock(employeeId, monthOf(row.date), row.projectId);
    return lock.locked ? notEditable(lock.project || row.projectName) : null;
  } catch {
    return null;
  }
}
