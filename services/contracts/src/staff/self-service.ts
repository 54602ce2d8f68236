/**
 * What a person reads and does about themselves (contractor spec §2, §3, §7, §8): their read-only
 * profile, the reveal of their own sensitive fields and the code of conduct acknowledgement.
 */
import { anyValue, refuse, requestObject } from '../kernel/fields';
import { STAFF_CONTACT_FIELDS } from './staff';
import { STAFF_FIELD_LABELS, sensitiveFieldSchema } from './staff-admin';

// ---- Profile ----------------------------------------------------------------------------

/** The profile's sensitive fields: stored encrypted with the person's key, answered masked. */
export const PROFILE_SENSITIVE_FIELDS = ['dob', 'drivingLicenseNumber', 'drivingLicenseState'] as const;
export type ProfileSensitiveField = (typeof PROFILE_SENSITIVE_FIELDS)[number];

/** The profile's fields in the clear, in the order the page shows them (after the names). */
export const PROFILE_PLAIN_FIELDS = STAFF_CONTACT_FIELDS;
export type ProfilePlainField = (typeof PROFILE_PLAIN_FIELDS)[number];

/** Staff Review's labels, in the words of the profile page (spec §2) where they differ. */
export const PROFILE_LABELS = {
  ...STAFF_FIELD_LABELS,
  email: 'Email',
  state: 'State/Province',
  drivingLicenseNumber: "Driver's Licence Number",
  drivingLicenseState: "Driver's Licence State",
} as const;

/** GET /api/me/profile: the signed-in person's own record; sensitive fields masked, null when empty. */
export interface MyProfile {
  readonly staffId: number;
  /** The sign-in address (the spec's userName). */
  readonly email: string;
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
  readonly plain: Readonly<Record<ProfilePlainField, string | null>>;
  readonly sensitive: Readonly<Record<ProfileSensitiveField, string | null>>;
}

export const profileMessages = {
  notProvided: 'Not provided',
  unknownField: "Field must be one of Date of Birth, Driver's Licence Number or Driver's Licence State",
  notFound: 'Your staff profile could not be found.',
} as const;

/** POST /api/me/profile/reveal: one of the profile's own sensitive fields. */
export const profileRevealSchema = sensitiveFieldSchema(
  PROFILE_SENSITIVE_FIELDS,
  profileMessages.unknownField,
);

// ---- Code of conduct --------------------------------------------------------------------

export const codeOfConductMessages = {
  acknowledged: 'Acknowledged.',
  failed: 'There was a problem while acknowledging.',
  none: 'No acknowledgement yet.',
  mustAcknowledge: 'Acknowledged must be true',
  confirm: 'Do you acknowledge that you have read and will follow the Code of Conduct?',
} as const;

/** POST /api/me/code-of-conduct: the box ticked and Yes answered. */
export const codeOfConductAcknowledgeSchema = requestObject({
  acknowledged: anyValue().transform((value, ctx): true =>
    value === true ? true : refuse(ctx, codeOfConductMessages.mustAcknowledge),
  ),
});

/** GET and POST /api/me/code-of-conduct: who acknowledged and when (null: not yet). */
export interface CodeOfConductStatus {
  readonly name: string;
  /** ISO instant (UTC) of the acknowledgement, or null. */
  readonly acknowledgedAt: string | null;
}

/** POST /api/me/code-of-conduct: the status, and where the event landed ('commit/prepare'; null: already acknowledged). */
export interface CodeOfConductAnswer extends CodeOfConductStatus {
  readonly position: string | null;
}

/**
 * Stream `staff-{id}`: the person acknowledged the code of conduct (the actor, themselves, and the
 * time are in the metadata too). Recorded once: a second acknowledgement records nothing.
 */
export interface CodeOfConductAcknowledged {
  readonly staffId: number;
  /** The name the acknowledgement shows, as the record held it then. */
  readonly name: string;
  /** ISO instant (UTC), the command's "now". */
  readonly acknowledgedAt: string;
}
