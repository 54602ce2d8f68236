/** Staff contracts: event payloads of the streams `staff-{id}` and `staff-username-{username}`. */

/** The read-only profile of contractor spec §3 (all optional). */
export interface StaffProfile {
  readonly homePhone: string | null;
  readonly mobilePhone: string | null;
  readonly personalEmail: string | null;
  readonly businessName: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly postalCode: string | null;
  /** Date of birth, 'YYYY-MM-DD'. */
  readonly dob: string | null;
  readonly drivingLicenseNumber: string | null;
  readonly drivingLicenseState: string | null;
}

/** How to reach the person and their business: kept in the clear. */
export const STAFF_CONTACT_FIELDS = [
  'homePhone',
  'mobilePhone',
  'personalEmail',
  'businessName',
  'address',
  'city',
  'state',
  'postalCode',
] as const satisfies readonly (keyof StaffProfile)[];

export const STAFF_PROFILE_FIELDS = [
  ...STAFF_CONTACT_FIELDS,
  'dob',
  'drivingLicenseNumber',
  'drivingLicenseState',
] as const satisfies readonly (keyof StaffProfile)[];

export interface StaffAccess {
  readonly isAdmin: boolean;
  readonly isActive: boolean;
  /** Hotel expenses need a receipt (admin spec §6). */
  readonly needReceipt: boolean;
  /** May edit the roster; replaces the spec's hard-coded list of six names. */
  readonly canEditRoster: boolean;
  /** Issue 11: reads the review screens, the roster and planned hours, and writes nothing. */
  readonly isAuditor: boolean;
}

export interface StaffMemberRegistered extends StaffProfile, Omit<StaffAccess, 'isAuditor'> {
  /** Since issue 11; registrations recorded before it have none (not an auditor). */
  readonly isAuditor?: boolean;
  readonly staffId: number;
  /** The sign-in address, lower-case, unique. */
  readonly username: string;
  readonly name: string;
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
  readonly ownerId: number;
  /** The day they start ('YYYY-MM-DD'; issue 25); absent in older registrations, null when not given. */
  readonly startDate?: string | null;
  /** Since directory sync: a person read from the directory arrives with these (absent: empty). */
  readonly jobTitle?: string | null;
  readonly department?: string | null;
}

/**
 * Only the flags that changed (their new values), besides staffId. Since issue 9 an admin's change
 * also carries `before`: the same flags' previous values (older events have none).
 */
export type StaffAccessChanged = { readonly staffId: number } & Partial<StaffAccess> & {
    readonly before?: Partial<StaffAccess>;
  };

/**
 * Stream `staff-ids`: a staff id handed to a person added by an admin or an operator (the id is
 * theirs alone before anything is reserved under it).
 */
export interface StaffIdAllocated {
  readonly staffId: number;
}

/** Stream `staff-username-{username}`: holds a sign-in address for one person (uniqueness). */
export interface StaffUsernameReserved {
  readonly username: string;
  readonly staffId: number;
}

/** Stream `staff-username-{username}`: the address is free again (its person signs in with another). */
export interface StaffUsernameReleased {
  readonly username: string;
  readonly staffId: number;
}

/** Stream `staff-{id}`: the person's sign-in address (work e-mail) changed, e.g. renamed in the directory. */
export interface StaffUsernameChanged {
  readonly staffId: number;
  readonly before: { readonly username: string };
  readonly after: { readonly username: string };
}
