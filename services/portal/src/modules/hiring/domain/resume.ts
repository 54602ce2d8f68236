import { candidateMessages as msg, type ResumeAttached, type ResumeUploaded } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { HiringEditor } from './candidate';

/** One stream per uploaded resume: who uploaded it, for which scope, and which candidate holds it. */
export const resumeStreamId = (resumeId: string): string => `resume-${resumeId}`;

export type ResumeEvent =
  | { readonly type: 'ResumeUploaded'; readonly data: ResumeUploaded }
  | { readonly type: 'ResumeAttached'; readonly data: ResumeAttached };

export type AttachResume = {
  readonly type: 'AttachResume';
  readonly resumeId: string;
  readonly candidateId: string;
  readonly editor: HiringEditor;
};

export interface ResumeState {
  /** The upload's record; null when no upload of that id was recorded. */
  readonly upload: ResumeUploaded | null;
  /** The candidate that named it; null while none has. */
  readonly heldBy: string | null;
}

/**
 * A candidate may name a resume uploaded (and recorded) by an admin of the editor's own scope, and
 * not already another candidate's. An unknown id and another scope's upload get the same answer
 * (a sightstream admin cannot tell that the firm's upload exists). 400 on `resumeId`.
 */
export const resumeDecider = {
  initialState: (): ResumeState => ({ upload: null, heldBy: null }),

  evolve(state: ResumeState, event: ResumeEvent): ResumeState {
    switch (event.type) {
      case 'ResumeUploaded':
        return { ...state, upload: event.data };
      case 'ResumeAttached':
        return { ...state, heldBy: event.data.candidateId };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: AttachResume, state: ResumeState): ResumeEvent[] {
    const { resumeId, candidateId, editor } = command;
    if (!state.upload || state.upload.ownerScope !== editor.ownerScope)
      throw DomainError.validation([{ path: 'resumeId', message: msg.resumeUnknown }]);
    if (state.heldBy === candidateId) return [];
    if (state.heldBy !== null) throw DomainError.validation([{ path: 'resumeId', message: msg.resumeTaken }]);
    return [{ type: 'ResumeAttached', data: { resumeId, candidateId } }];
  },
};
