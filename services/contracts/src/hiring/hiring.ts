import { SECOND_ORGANISATION_OWNER_ID } from '../kernel/constants';
import { matchFileSignature, PDF_SIGNATURE_BYTES, type FileSignature } from '../kernel/file-signatures';
import { megabytes, MEGABYTE } from '../kernel/file-sizes';
import { textMessages } from '../kernel/text';

/** Hiring candidates (admin spec §2, §3, §5, §8, §9): statuses, messages, resumes, what the API answers. */

/** The firm's own organisation: where a firm admin's candidate goes when none is chosen. */
export const DEFAULT_CANDIDATE_OWNER_ID = 1;

/** The organisations a candidate can belong to (the firm's own, and sightstream's). */
export const CANDIDATE_OWNER_IDS = [DEFAULT_CANDIDATE_OWNER_ID, SECOND_ORGANISATION_OWNER_ID] as const;

export const CANDIDATE_STATUSES = ['Rejected', 'Shortlisted', 'Offer Pending', 'Onboarding'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

export function isCandidateStatus(value: unknown): value is CandidateStatus {
  return (CANDIDATE_STATUSES as readonly unknown[]).includes(value);
}

/** The form's labels, also the names the API's field problems use. */
export const CANDIDATE_FIELD_LABELS = {
  ownerId: 'Organisation',
  discipline: 'Discipline',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  localToCalgary: 'Local to Calgary',
  applicationDate: 'Application date',
  interviewDate: 'Interview date',
  interviewNotes: 'Interview notes',
  status: 'Status',
  resumeId: 'Resume',
} as const;

/** Spec §5 and §8 wording; the rest follows the portal's own style. */
export const candidateMessages = {
  disciplineRequired: 'Discipline is required.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailInvalid: 'Valid Email is required.',
  applicationDateRequired: 'Application date is required.',
  statusRequired: 'Status is required.',
  resumeRequired: 'Resume is required.',
  interviewNotesEmpty: 'Interview notes are empty.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  ownerInvalid: `Organisation must be ${DEFAULT_CANDIDATE_OWNER_ID} or ${SECOND_ORGANISATION_OWNER_ID}.`,
  ownerOutOfScope: 'You can only manage candidates of your own organisation.',
  resumeUnknown: 'The resume was not found. Upload the file again.',
  resumeTaken: 'This resume belongs to another candidate. Upload the file again.',
  notFound: 'Candidate not found.',
  erased: "This candidate's personal data has been erased; it cannot be edited.",
  added: 'The candidate has been added successfully!',
  updated: 'The candidate has been updated successfully!',
  deleted: 'The candidate has been deleted successfully!',
  erasedDone: "The candidate's personal data has been erased.",
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete the candidate ${name}? Their personal data (names, email, interview notes and the resume) is erased with them, for good.`,
  eraseConfirm: (name: string) =>
    `Erase the personal data of ${name}? Names, email, interview notes and the resume are destroyed for good; discipline, dates and status stay.`,
} as const;

/** What screens show in place of erased personal data. */
export const ERASED_TEXT = 'erased';

/** Spec §9: one file, at most 10 MB, png, jpeg, pdf or msword (.doc). */
export const MAX_RESUME_BYTES = 10 * MEGABYTE;
export const RESUME_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'application/pdf',
  'application/msword',
] as const;
export type ResumeContentType = (typeof RESUME_CONTENT_TYPES)[number];

/** The first bytes of each accepted type (a .doc is an OLE2 compound file). */
const RESUME_SIGNATURES: readonly FileSignature<ResumeContentType>[] = [
  { kind: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'application/pdf', bytes: PDF_SIGNATURE_BYTES },
  { kind: 'application/msword', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
];

/** The most leading bytes `resumeTypeOf` needs. */
export const RESUME_SIGNATURE_BYTES = 8;

/**
 * The resume type the content's first bytes say (never the file's name): 'undecided' while the
 * bytes seen so far still begin some signature, null when they match none.
 */
export function resumeTypeOf(head: Uint8Array): ResumeContentType | 'undecided' | null {
  return matchFileSignature(head, RESUME_SIGNATURES);
}

export const resumeMessages = {
  noFile: 'Resume is required.',
  notMultipart: 'Send the resume as a multipart form with the field "file".',
  wrongField: 'Send the resume in the field "file".',
  oneFile: 'Upload one file at a time.',
  empty: 'The file is empty.',
  wrongType: 'The resume must be a PNG, JPEG, PDF or Word (.doc) file.',
  tooLarge: `The resume is larger than ${megabytes(MAX_RESUME_BYTES)}.`,
  unreadable: 'The upload could not be read. Try again.',
  notTheKind: 'The resume is not a readable PNG, JPEG, PDF or Word (.doc) document.',
  tooComplex: 'The resume could not be checked: it unpacks to too much data or takes too long to read.',
  fileName: textMessages.fileName,
  missingFile: 'The resume file is missing.',
} as const;

/** The checks a browser can make before sending (count and size); the server checks the bytes. */
export function checkResumeFile(files: readonly { size: number }[]): string | null {
  const [file] = files;
  if (files.length !== 1 || !file) return resumeMessages.oneFile;
  if (file.size === 0) return resumeMessages.empty;
  if (file.size > MAX_RESUME_BYTES) return resumeMessages.tooLarge;
  return null;
}

/** `POST /api/admin/hiring/resumes` */
export interface ResumeUploadResponse {
  readonly resumeId: string;
  readonly contentType: ResumeContentType;
  readonly size: number;
}

/**
 * One row of `GET /api/admin/hiring/candidates`. The personal fields are null once erased
 * (`erased` true); discipline, dates and status stay.
 */
export interface CandidateView {
  readonly candidateId: string;
  readonly ownerId: number;
  readonly discipline: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly localToCalgary: boolean;
  readonly applicationDate: string;
  readonly interviewDate: string | null;
  readonly interviewNotes: string | null;
  readonly status: CandidateStatus;
  /** The stored resume (open it at `/api/admin/hiring/candidates/{id}/resume`); null once erased. */
  readonly resumeId: string | null;
  readonly resumeType: ResumeContentType | null;
  readonly erased: boolean;
  readonly addedAt: string;
}

/** What every candidate command answers. */
export interface CandidateOutcome {
  readonly candidateId: string;
  /** Where the change landed in the log ('commit/prepare'); null when nothing changed. */
  readonly position: string | null;
}
