import type { MeResponse } from '@portal/contracts';

/**
 * An auditor who is not an admin (issue 11): reads the review screens, the roster and planned hours,
 * and changes nothing (the server refuses their every write with 403).
 */
export function isReadOnlyAuditor(user: Pick<MeResponse, 'isAdmin' | 'isAuditor'>): boolean {
  return user.isAuditor === true && !user.isAdmin;
}
