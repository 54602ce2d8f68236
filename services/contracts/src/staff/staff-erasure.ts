/**
 * Erasure of a staff member's personal data (issue 11): which fields are sealed with the person's
 * key, the word screens show in their place once the key is gone, the request and the event.
 */
import { z } from 'zod';
import { anyValue, isBlank, refuse, requestObject } from '../kernel/fields';
import { freeTextProblem } from '../kernel/text';
import { STAFF_CONTACT_FIELDS } from './staff';
import { STAFF_SENSITIVE_FIELDS } from './staff-admin';

/** What every screen, export and reveal shows in place of a value whose key was deleted. */
export const ERASED = 'erased';

/**
 * Every personal field beyond the name and the sign-in (work) address: sealed with the person's
 * key in staff events of schemaVersion 2 (older events may hold the contact fields in the clear).
 */
export const STAFF_SEALED_FIELDS = [...STAFF_CONTACT_FIELDS, ...STAFF_SENSITIVE_FIELDS] as const;
export type StaffSealedField = (typeof STAFF_SEALED_FIELDS)[number];

/** The schemaVersion of StaffMemberRegistered and StaffProfileChanged since every personal field is sealed. */
export const STAFF_SEALED_SCHEMA_VERSION = 2;

/** The longest reason for an erasure, in characters as a person sees them (kernel/text.ts). */
export const ERASURE_REASON_MAX_LENGTH = 500;

export const staffErasureMessages = {
  reasonRequired: 'Reason must have a value',
  reasonTooLong: `Reason must be at most ${ERASURE_REASON_MAX_LENGTH} characters`,
  notYourself: 'You cannot erase your own personal data; another admin can.',
  erasedNoEdit: 'The personal data of this person was erased: it cannot be set again.',
  confirm: (name: string) => `Erase the personal data of ${name}? This cannot be undone.`,
  erased: 'Personal data erased.',
} as const;

/** POST /api/admin/staff/:id/erase: why (required, recorded in the event). */
export const staffErasureSchema = requestObject({
  reason: anyValue().transform((value, ctx): string => {
    if (isBlank(value) || typeof value !== 'string') return refuse(ctx, staffErasureMessages.reasonRequired);
    const text = value.trim();
    const tooLong = staffErasureMessages.reasonTooLong;
    const problem = freeTextProblem('Reason', text, ERASURE_REASON_MAX_LENGTH, tooLong);
    return problem ? refuse(ctx, problem) : text;
  }),
});
export type StaffErasureRequest = z.output<typeof staffErasureSchema>;

/**
 * What the erasure answers: whether this call recorded it (false: erased already), and where its
 * event landed (null: nothing recorded), so the next read shows the erasure (read-your-writes).
 */
export interface StaffErasureOutcome {
  readonly erased: boolean;
  readonly position: string | null;
}

/** An admin erased a person's personal data (the admin is the event's actor); their key is then deleted. */
export interface StaffPersonalDataErased {
  readonly staffId: number;
  readonly reason: string;
}
