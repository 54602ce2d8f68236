import { isLeaveType, type LeaveView } from '@portal/contracts';
import { ApiError } from '../../../lib/api';
import type { LeaveDraft } from './leave-fields';

/** The leave a stale edit's 409 carries (`current`), if it is one. */
export function currentLeaveOf(error: unknown): LeaveView | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const c = error.current as Partial<Record<keyof LeaveView, unknown>> | null | undefined;
  if (typeof c !== 'object' || c === null) return null;
  const texts = [c.leaveId, c.fromDate, c.toDate, c.notes].every((v) => typeof v === 'string');
  if (!texts || !isLeaveType(c.leaveType) || typeof c.version !== 'number') return null;
  return c as LeaveView;
}

export const draftOfLeave = (l: LeaveView): LeaveDraft => ({
  leaveType: l.leaveType,
  fromDate: l.fromDate,
  toDate: l.toDate,
  notes: l.notes,
});
