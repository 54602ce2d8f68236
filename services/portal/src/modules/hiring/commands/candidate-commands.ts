import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { CandidateInput } from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { deriveEventId } from '../../../platform/event-store/command-context';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import {
  candidateDecider,
  candidateStreamId,
  editableCandidate,
  resumeStorageKey,
  type CandidateCommand,
} from '../domain/candidate';
import { CandidateForms, hiringEditorOf } from './candidate-forms';
import { CandidateDataEraser } from './erase-candidate';

/** What a candidate command answers: the candidate, and where its event landed (null: nothing changed). */
export interface CandidateResult {
  readonly candidateId: string;
  readonly position: LogPosition | null;
}

/** POST /api/admin/hiring/candidates (CandidateAdded). */
@Requires('admin')
export class AddCandidateCommand extends PortalCommand<CandidateResult> {
  constructor(
    caller: Caller,
    readonly input: CandidateInput,
  ) {
    super(caller);
  }
}

/** PUT /api/admin/hiring/candidates/:id: the whole form; records only what changed (CandidateUpdated). */
@Requires('admin')
export class UpdateCandidateCommand extends PortalCommand<CandidateResult> {
  constructor(
    caller: Caller,
    readonly candidateId: string,
    readonly input: CandidateInput,
  ) {
    super(caller);
  }
}

/**
 * DELETE /api/admin/hiring/candidates/:id: off the list (CandidateRemoved), and the person's data
 * erased with it (CandidateErased, then the erase path: key and resume file gone).
 */
@Requires('admin')
export class RemoveCandidateCommand extends PortalCommand<CandidateResult> {
  constructor(
    caller: Caller,
    readonly candidateId: string,
  ) {
    super(caller);
  }
}

/** The shell the candidate commands share: decide on `candidate-{id}`. */
// Injectable so its constructor's parameter types are recorded; the handlers inherit them.
@Injectable()
abstract class CandidateCommandHandler<
  C extends PortalCommand<CandidateResult>,
> extends PortalCommandHandler<C> {
  constructor(
    protected readonly store: EventStore,
    protected readonly forms: CandidateForms,
    protected readonly storage: FileStorage,
    protected readonly eraser: CandidateDataEraser,
  ) {
    super();
  }

  protected run(command: CandidateCommand, caller: Caller) {
    return runCommand(
      this.store,
      candidateStreamId(command.candidateId),
      candidateDecider,
      command,
      caller.context,
    );
  }
}

@CommandHandler(AddCandidateCommand)
export class AddCandidateHandler extends CandidateCommandHandler<AddCandidateCommand> {
  protected async handle({ caller, input }: AddCandidateCommand): Promise<CandidateResult> {
    const candidateId = deriveEventId(caller.context.commandId, 'candidate-id', 0);
    const editor = hiringEditorOf(caller.principal);
    const form = await this.forms.formOf(candidateId, input, null, editor, caller.context);
    const { position } = await this.run({ type: 'AddCandidate', candidateId, form, editor }, caller);
    return { candidateId, position };
  }
}

@CommandHandler(UpdateCandidateCommand)
export class UpdateCandidateHandler extends CandidateCommandHandler<UpdateCandidateCommand> {
  protected async handle({ caller, candidateId, input }: UpdateCandidateCommand): Promise<CandidateResult> {
    const editor = hiringEditorOf(caller.principal);
    const { state } = await loadState(this.store, candidateStreamId(candidateId), candidateDecider);
    // Unknown, out of scope or erased: refused before anything is sealed (no new key) or read.
    const current = editableCandidate(state, editor);
    const form = await this.forms.formOf(candidateId, input, current, editor, caller.context);
    const outcome = await this.run({ type: 'UpdateCandidate', candidateId, form, editor }, caller);
    // A replaced resume is personal data no longer needed: its file goes.
    const replaced = outcome.events.find((e) => e.type === 'CandidateUpdated')?.data.before.resumeId;
    if (replaced) await this.storage.delete(resumeStorageKey(replaced));
    return { candidateId, position: outcome.position };
  }
}

@CommandHandler(RemoveCandidateCommand)
export class RemoveCandidateHandler extends CandidateCommandHandler<RemoveCandidateCommand> {
  protected async handle({ caller, candidateId }: RemoveCandidateCommand): Promise<CandidateResult> {
    const editor = hiringEditorOf(caller.principal);
    const outcome = await this.run({ type: 'RemoveCandidate', candidateId, editor }, caller);
    await this.eraser.forget(candidateId, outcome.state);
    return { candidateId, position: outcome.position };
  }
}
