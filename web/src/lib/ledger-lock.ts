import { type LedgerLockCheck, monthOf, type VerifiedKind } from '@portal/contracts';
import { apiRequest } from './api';

/**
 * `GET /api/ledgers/:employeeId/:month/locks/:projectId?date=`: 200 either way: `locked: true`
 * when the person already submitted that project for verification on that day (time, expenses or
 * both: `kinds`), `locked: false` when it may be changed. A billing period may lock only part of
 * a month, so the check asks about the row's day.
 */
export function checkLedgerLock(
  employeeId: number,
  month: string,
  projectId: number,
  date?: string,
): Promise<LedgerLockCheck> {
  const day = date ? `?date=${date}` : '';
  return apiRequest('GET', `/api/ledgers/${employeeId}/${month}/locks/${projectId}${day}`);
}

/** A saved row of a monthly ledger (a timesheet entry or an expense). */
export interface LedgerRowRef {
  readonly date: string;
  readonly projectId: number;
  readonly projectName: string;
}

/**
 * The message to show when the row's kind (time or expenses) was already submitted for
 * verification on its day, or null when
 * it may be changed. A failed check counts as editable: the server checks again on save.
 */
export async function ledgerLockMessage(
  employeeId: number,
  row: LedgerRowRef,
  notEditable: (project: string) => string,
  kind: VerifiedKind,
): Promise<string | null> {
  try {
    const lock = await checkLedgerLock(employeeId, monthOf(row.date), row.projectId, row.date);
    return lock.locked && lock.kinds.includes(kind) ? notEditable(lock.project || row.projectName) : null;
  } catch {
    return null;
  }
}
