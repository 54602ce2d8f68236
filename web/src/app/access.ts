import type { MeResponse } from '@portal/contracts';
import { isReadOnlyAuditor } from '../lib/auditor';

/** Spec §2: a signed-in non-admin on any path containing 'admin', or nobody signed in, goes to '/'. */
export function isAdminPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('admin');
}

/** The admin screens an auditor reads (issue 11), shown without their actions; the API refuses their writes. */
export const AUDITOR_PATHS: readonly string[] = [
  '/admin/timesheets/review',
  '/admin/planned-hours',
  '/admin/leave',
  '/admin/exchange-rates',
];

/** May this person open this path? Admin paths are for admins, and the auditors' read screens for auditors. */
export function mayOpen(user: Pick<MeResponse, 'isAdmin' | 'isAuditor'>, pathname: string): boolean {
  if (!isAdminPath(pathname) || user.isAdmin) return true;
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return isReadOnlyAuditor(user) && AUDITOR_PATHS.includes(path);
}
