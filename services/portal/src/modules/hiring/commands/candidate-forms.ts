import { Injectable } from '@nestjs/common';
import {
  RESUME_SIGNATURE_BYTES,
  resumeTypeOf,
  type CandidateDetails,
  type CandidateInput,
  type ResumeContentType,
} from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { headOfStoredFile } from '../../../platform/files/file-upload';
import {
  admissible,
  candidateSubject,
  resumeStorageKey,
  type CandidateForm,
  type HiringEditor,
} from '../domain/candidate';
import { resumeDecider, resumeStreamId } from '../domain/resume';

export function hiringEditorOf(principal: Principal): HiringEditor {
  return { ownerScope: ownerScopeOf(principal) };
}

/**
 * Turns the form a person sent into what the decider takes: personal fields sealed with the
 * candidate's key (a field whose plain text did not change keeps the stored ciphertext, so only
 * real changes are recorded), and the type of the named resume read from its stored bytes.
 */
@Injectable()
export class CandidateForms {
  constructor(
    private readonly cipher: PersonalDataCipher,
    private readonly storage: FileStorage,
    private readonly store: EventStore,
  ) {}

  /**
   * The decider's form. Checks first what needs no key (organisation, resume found, a new resume
   * uploaded in the editor's scope and no other candidate's), so a refused form creates no data
   * key for a candidate that will never exist.
   */
  async formOf(
    candidateId: string,
    input: CandidateInput,
    current: CandidateDetails | null,
    editor: HiringEditor,
    context: CommandContext,
  ): Promise<CandidateForm> {
    const sameResume = current !== null && current.resumeId === input.resumeId;
    const resumeType = sameResume ? current.resumeType : await this.resumeTypeOf(input.resumeId);
    admissible({ ownerId: input.ownerId, resumeType }, editor, current?.ownerId ?? null);
    // A new resume is claimed for this candidate on its own stream, last of the checks: one
    // uploaded in the editor's scope, no other candidate's (a retry of this command holds it already).
    if (!sameResume)
      await runCommand(
        this.store,
        resumeStreamId(input.resumeId),
        resumeDecider,
        { type: 'AttachResume', resumeId: input.resumeId, candidateId, editor },
        context,
      );
    const session = await this.cipher.session(candidateSubject(candidateId), true);
    const sealed = (plain: string | null, stored: string | null | undefined): string | null => {
      if (plain === null) return null;
      if (stored !== undefined && stored !== null && session.open(stored) === plain) return stored;
      return session.seal(plain);
    };
    return {
      ...input,
      firstName: sealed(input.firstName, current?.firstName) ?? '',
      lastName: sealed(input.lastName, current?.lastName) ?? '',
      email: sealed(input.email, current?.email) ?? '',
      interviewNotes: sealed(input.interviewNotes, current?.interviewNotes),
      resumeType,
    };
  }

  /** What the stored file's first bytes say it is; null when there is no such file. */
  private async resumeTypeOf(resumeId: string): Promise<ResumeContentType | null> {
    const head = await headOfStoredFile(this.storage, resumeStorageKey(resumeId), RESUME_SIGNATURE_BYTES);
    if (!head) return null;
    const type = resumeTypeOf(head);
    return type === 'undecided' ? null : type;
  }
}
