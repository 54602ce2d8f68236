import type { FieldChanges } from '../kernel/changes';
import type { CandidateStatus, ResumeContentType } from './hiring';

/**
 * A candidate as its events hold it (stream `candidate-{candidateId}`). The personal fields
 * (first and last name, email, interview notes) are sealed with the candidate's own data key
 * (subject `candidate-{candidateId}`); erasing the key leaves them unreadable for good.
 */
export interface CandidateDetails {
  readonly ownerId: number;
  readonly discipline: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly localToCalgary: boolean;
  readonly applicationDate: string;
  readonly interviewDate: string | null;
  readonly interviewNotes: string | null;
  readonly status: CandidateStatus;
  /** The stored resume file (`resumes/{resumeId}`) and the type its content showed. */
  readonly resumeId: string;
  readonly resumeType: ResumeContentType;
}

/** The personal fields, sealed in events and read models. */
export const CANDIDATE_PERSONAL_FIELDS = ['firstName', 'lastName', 'email', 'interviewNotes'] as const;

export interface CandidateAdded extends CandidateDetails {
  readonly candidateId: string;
}

/** Only the fields that changed, before → after (personal ones sealed). */
export interface CandidateUpdated extends FieldChanges<CandidateDetails> {
  readonly candidateId: string;
}

/** Taken off the list; the log keeps it, and it can still be erased. */
export interface CandidateRemoved {
  readonly candidateId: string;
}

/** The candidate's data key was deleted and their resume file removed (the file named here). */
export interface CandidateErased {
  readonly candidateId: string;
  readonly resumeId: string;
}

/**
 * A resume file was stored (stream `resume-{resumeId}`): who uploaded it and for which scope. Only
 * an admin of the same scope may name it on a candidate, and only on one candidate.
 */
export interface ResumeUploaded {
  readonly resumeId: string;
  readonly contentType: ResumeContentType;
  readonly size: number;
  /** Hex SHA-256 of the stored bytes. */
  readonly sha256: string;
  /** The uploading admin's staff id. */
  readonly uploadedBy: number;
  /** The uploader's owner scope: null for a firm admin (every owner), 2 for a sightstream admin. */
  readonly ownerScope: number | null;
}

/** A candidate named the resume (stream `resume-{resumeId}`): no other candidate may name it now. */
export interface ResumeAttached {
  readonly resumeId: string;
  readonly candidateId: string;
}

/** Why a resume was discarded: no candidate named it within a day of its upload. */
export type ResumeDiscardReason = 'unattached';

/**
 * The resume was discarded (stream `resume-{resumeId}`): its file is removed and no candidate may
 * name it any more. Appended by the hourly sweep (the system as actor) for an upload no candidate
 * named within a day; `uploadedAt` is the upload's instant (ISO-8601, UTC).
 */
export interface ResumeDiscarded {
  readonly resumeId: string;
  readonly reason: ResumeDiscardReason;
  readonly uploadedAt: string;
}
