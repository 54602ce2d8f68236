import type { MeResponse } from '@portal/contracts';

/**
 * The signed-in person, as the server knows them from the staff record: exactly what `GET /api/me`
 * answers (userType 'sightstream' for people of owner 2, the second brand with the restricted scope).
 */
export type Principal = MeResponse;

/**
 * An auditor who is not also an admin: reads what admins read (`'admin-or-auditor'`, `@AuditorsMayRead`)
 * and writes nothing; the bus refuses their every command and the guard every non-GET request.
 * An admin with the flag stays an admin (the flag then only marks them as an auditor too).
 */
export function isReadOnlyAuditor(person: Pick<Principal, 'isAdmin' | 'isAuditor'>): boolean {
  return person.isAuditor === true && !person.isAdmin;
}

/** Looks people up in the staff read model; implemented by the staff context. */
export abstract class StaffDirectory {
  abstract findByUsername(username: string): Promise<Principal | null>;
  abstract findById(staffId: number): Promise<Principal | null>;
  /** Active people, for the dev sign-in picker. */
  abstract listActive(): Promise<Principal[]>;
  /**
   * Whether anyone, active or not, holds this sign-in address: a deactivated person stays refused
   * ('User is not allowed to login.') rather than awaiting access as a newcomer does.
   */
  abstract isRegistered(username: string): Promise<boolean>;
}
