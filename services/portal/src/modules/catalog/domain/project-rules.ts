import { OVERTIME_PROJECT_IDS, SECOND_ORGANISATION_OWNER_ID, UMBRELLA_PROJECT_ID } from '@portal/contracts';

/** Overtime hours may be entered on owner-2 projects and on projects 61 and 64 (both specs). */
export function projectHasOvertime(projectId: number, ownerId: number): boolean {
  return ownerId === SECOND_ORGANISATION_OWNER_ID || OVERTIME_PROJECT_IDS.includes(projectId);
}

export const UMBRELLA = UMBRELLA_PROJECT_ID;
