import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import {
  candidateDecider,
  candidateStreamId,
  candidateSubject,
  resumeStorageKey,
  type CandidateState,
} from '../domain/candidate';
import { hiringEditorOf } from './candidate-forms';
import type { CandidateResult } from './candidate-commands';

/** POST /api/admin/hiring/candidates/:id/erase: the person asked to be forgotten (CandidateErased). */
@Requires('admin')
export class EraseCandidateCommand extends PortalCommand<CandidateResult> {
  constructor(
    caller: Caller,
    readonly candidateId: string,
  ) {
    super(caller);
  }
}

/**
 * The erase path, once the log holds CandidateErased: the candidate's data key is deleted (every
 * sealed value in the log and the read model becomes unreadable for good) and their resume file
 * removed. Both steps may run again (a crash between them heals on retry). Erase and Delete
 * (RemoveCandidateHandler) both end here.
 */
@Injectable()
export class CandidateDataEraser {
  constructor(
    private readonly cipher: PersonalDataCipher,
    private readonly storage: FileStorage,
  ) {}

  async forget(candidateId: string, state: CandidateState): Promise<void> {
    await this.cipher.forget(candidateSubject(candidateId));
    const resumeId = state.details?.resumeId;
    if (resumeId) await this.storage.delete(resumeStorageKey(resumeId));
  }
}

/**
 * Records the erasure first, then takes the erase path. Erasing again appends nothing but makes
 * sure key and file are gone.
 */
@CommandHandler(EraseCandidateCommand)
export class EraseCandidateHandler extends PortalCommandHandler<EraseCandidateCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly eraser: CandidateDataEraser,
  ) {
    super();
  }

  protected async handle({ caller, candidateId }: EraseCandidateCommand): Promise<CandidateResult> {
    const editor = hiringEditorOf(caller.principal);
    const outcome = await runCommand(
      this.store,
      candidateStreamId(candidateId),
      candidateDecider,
      { type: 'EraseCandidate', candidateId, editor },
      caller.context,
    );
    await this.eraser.forget(candidateId, outcome.state);
    return { candidateId, position: outcome.position };
  }
}
