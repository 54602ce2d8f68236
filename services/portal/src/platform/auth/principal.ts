import { SECOND_ORGANISATION_OWNER_ID, type MeResponse } from '@portal/contracts';

/**
 * The signed-in person, as the server knows them from the staff record: exactly what `GET /api/me`
 * answers (userType 'sightstream' for people of owner 2, the second brand with the restricted scope).
 */
export type Principal = MeResponse;

/** Looks people up in the staff read model; implemented by the staff context. */
export abstract class StaffDirectory {
  abstract findByUsername(username: string): Promise<Principal | null>;
  abstract findById(staffId: number): Promise<Principal | null>;
  /** Active people, for the dev sign-in picker. */
  abstract listActive(): Promise<Principal[]>;
}

/**
 * The one owner whose data a person is restricted to: a sightstream person (owner 2) only owner 2;
 * null for the firm's people (owner 1), whose admins act for every owner.
 */
export function ownerScopeOf(principal: Pick<Principal, 'userType'>): number | null {
  return principal.userType === 'sightstream' ? SECOND_ORGANISATION_OWNER_ID : null;
}
