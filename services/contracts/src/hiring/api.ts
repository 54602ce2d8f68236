import { z } from 'zod';
import { isBusinessDate, type BusinessDate } from '../kernel/dates';
import { anyValue, booleanField, isBlank, refuse, requestObject } from '../kernel/fields';
import { NOT_FOUND_ISSUE } from '../kernel/ids';
import { exceedsCharacters, freeTextProblem, isEmailAddress } from '../kernel/text';
import {
  CANDIDATE_FIELD_LABELS as LABEL,
  CANDIDATE_OWNER_IDS,
  candidateMessages as msg,
  isCandidateStatus,
  type CandidateStatus,
} from './hiring';

/** Requests of /api/admin/hiring: zod schemas naming the field and the rule. */

/** The longest discipline, name or e-mail address of a candidate, in characters (kernel/text.ts). */
export const CANDIDATE_TEXT_MAX_LENGTH = 100;
/** The longest interview notes, in characters. */
export const INTERVIEW_NOTES_MAX_LENGTH = 4000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isCandidateId(text: string): boolean {
  return UUID.test(text);
}

function requiredText(label: string, required: string) {
  return anyValue().transform((value, ctx): string => {
    if (isBlank(value) || typeof value !== 'string') return refuse(ctx, required);
    const text = value.trim();
    const problem = freeTextProblem(
      label,
      text,
      CANDIDATE_TEXT_MAX_LENGTH,
      msg.tooLong(label, CANDIDATE_TEXT_MAX_LENGTH),
    );
    return problem ? refuse(ctx, problem) : text;
  });
}

function dateOf(value: unknown, label: string, ctx: z.RefinementCtx): BusinessDate {
  if (typeof value !== 'string' || !isBusinessDate(value.trim())) return refuse(ctx, msg.dateInvalid(label));
  return value.trim();
}

const requiredDate = (label: string, required: string) =>
  anyValue().transform((value, ctx): BusinessDate =>
    isBlank(value) ? refuse(ctx, required) : dateOf(value, label, ctx),
  );

const optionalDate = (label: string) =>
  anyValue().transform((value, ctx): BusinessDate | null =>
    isBlank(value) ? null : dateOf(value, label, ctx),
  );

/** The add and edit form: every field of a candidate. */
export interface CandidateInput {
  /** Null: the adding admin's own organisation (sightstream admins can name only theirs). */
  readonly ownerId: number | null;
  readonly discipline: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly localToCalgary: boolean;
  readonly applicationDate: BusinessDate;
  readonly interviewDate: BusinessDate | null;
  readonly interviewNotes: string | null;
  readonly status: CandidateStatus;
  readonly resumeId: string;
}

/** POST /api/admin/hiring/candidates and PUT /api/admin/hiring/candidates/:id */
export const candidateRequestSchema = requestObject({
  // Absent or null: the default owner (the adding admin's own organisation).
  ownerId: anyValue().transform((value, ctx): number | null => {
    if (value === null || value === undefined) return null;
    if ((CANDIDATE_OWNER_IDS as readonly unknown[]).includes(value)) return value as number;
    return refuse(ctx, msg.ownerInvalid);
  }),
  discipline: requiredText(LABEL.discipline, msg.disciplineRequired),
  firstName: requiredText(LABEL.firstName, msg.firstNameRequired),
  lastName: requiredText(LABEL.lastName, msg.lastNameRequired),
  email: anyValue().transform((value, ctx): string => {
    if (typeof value !== 'string' || !isEmailAddress(value.trim())) return refuse(ctx, msg.emailInvalid);
    const text = value.trim();
    if (exceedsCharacters(text, CANDIDATE_TEXT_MAX_LENGTH))
      return refuse(ctx, msg.tooLong(LABEL.email, CANDIDATE_TEXT_MAX_LENGTH));
    return text;
  }),
  localToCalgary: booleanField(LABEL.localToCalgary, false),
  applicationDate: requiredDate(LABEL.applicationDate, msg.applicationDateRequired),
  interviewDate: optionalDate(LABEL.interviewDate),
  interviewNotes: anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return refuse(ctx, `${LABEL.interviewNotes} must be text`);
    const text = value.trim();
    const tooLong = msg.tooLong(LABEL.interviewNotes, INTERVIEW_NOTES_MAX_LENGTH);
    const problem = freeTextProblem(LABEL.interviewNotes, text, INTERVIEW_NOTES_MAX_LENGTH, tooLong);
    return problem ? refuse(ctx, problem) : text;
  }),
  status: anyValue().transform((value, ctx): CandidateStatus =>
    isCandidateStatus(value) ? value : refuse(ctx, msg.statusRequired),
  ),
  resumeId: anyValue().transform((value, ctx): string =>
    typeof value === 'string' && isCandidateId(value) ? value : refuse(ctx, msg.resumeRequired),
  ),
}) satisfies z.ZodType<CandidateInput, unknown>;
export type CandidateRequest = z.input<typeof candidateRequestSchema>;

/** The candidate id of a path: 404 when it cannot be one. */
export const candidateIdParamSchema = requestObject({
  id: anyValue().transform((value, ctx): string =>
    typeof value === 'string' && isCandidateId(value) ? value : refuse(ctx, msg.notFound, NOT_FOUND_ISSUE),
  ),
});
