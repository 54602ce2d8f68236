import type { MeResponse } from '@portal/contracts';

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
