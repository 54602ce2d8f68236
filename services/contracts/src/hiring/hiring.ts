/** Hiring candidates (admin spec §2, §3, §5, §8, §9): statuses, messages, resumes, what the API answers. */

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
  ownerInvalid: 'Organisation must be 1 or 2.',
  ownerOutOfScope: 'You can only manage candidates of your own organisation.',
  resumeUnknown: 'Resume is required. Upload the file again.',
  notFound: 'Candidate not found.',
  erased: "This candidate's personal data has been erased; it cannot be edited.",
  added: 'The candidate has been added successfully!',
  updated: 'The candidate has been updated successfully!',
  deleted: 'The candidate has been deleted successfully!',
  erasedDone: "The candidate's personal data has been erased.",
  deleteConfirm: (name: string) => `Are you sure you want to delete the candidate ${name}?`,
  eraseConfirm: (name: string) =>
    `Erase the personal data of ${name}? Names, email, interview notes and the resume are destroyed for good; discipline, dates and status stay.`,
} as const;

/** What screens show in place of erased personal data. */
export const ERASED_TEXT = 'erased';

/** The organisations a candidate can belong to (owner 2 = sightstream). */
export const CANDIDATE_OWNER_IDS = [1, 2] as const;

/** Spec §9: one file, at most 10 MB, png, jpeg, pdf or msword (.doc). */
export const MAX_RESUME_BYTES = 10 * 1024 * 1024;
export const RESUME_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'application/pdf',
  'application/msword',
] as const;
export type ResumeContentType = (typeof RESUME_CONTENT_TYPES)[number];

/** The first bytes of each accepted type (a .doc is an OLE2 compound file). */
const RESUME_SIGNATURES: readonly { readonly type: ResumeContentType; readonly bytes: readonly number[] }[] =
  [
    { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
    { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
    { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
    { type: 'application/msword', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  ];

/** The most leading bytes `resumeTypeOf` needs. */
export const RESUME_SIGNATURE_BYTES = 8;

/**
 * The resume type the content's first bytes say (never the file's name): 'undecided' while the
 * bytes seen so far still begin some signature, null when they match none.
 */
export function resumeTypeOf(head: Uint8Array): ResumeContentType | 'undecided' | null {
  let undecided = false;
  for (const { type, bytes } of RESUME_SIGNATURES) {
    const n = Math.min(head.length, bytes.length);
    let same = true;
    for (let i = 0; i < n; i++) if (head[i] !== bytes[i]) same = false;
    if (!same) continue;
    if (head.length >= bytes.length) return type;
    undecided = true;
  }
  return undecided ? 'undecided' : null;
}

export const resumeMessages = {
  noFile: 'Resume is required.',
  notMultipart: 'Send the resume as a multipart form with the field "file".',
  wrongField: 'Send the resume in the field "file".',
  oneFile: 'Upload one file at a time.',
  empty: 'The file is empty.',
  wrongType: 'The resume must be a PNG, JPEG, PDF or Word (.doc) file.',
  tooLarge: 'The resume is larger than 10 MB.',
  unreadable: 'The upload could not be read. Try again.',
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
