import {
  candidateMessages as msg,
  type ResumeAttached,
  type ResumeDiscarded,
  type ResumeUploaded,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { HiringEditor } from './candidate';

/** One stream per uploaded resume: who uploaded it, for which scope, and which candidate holds it. */
export const resumeStreamId = (resumeId: string): string => `resume-${resumeId}`;

/** How long an upload may wait for a candidate to name it before the sweep discards it. */
export const UNATTACHED_RESUME_KEPT_MS = 24 * 60 * 60 * 1000;

/** Whether an upload of `uploadedAt` that no candidate named is due for discarding at `now`. */
export const unattachedTooLong = (uploadedAt: Date, now: Date): boolean =>
  now.getTime() - uploadedAt.getTime() > UNATTACHED_RESUME_KEPT_MS;

export type ResumeEvent =
  | { readonly type: 'ResumeUploaded'; readonly data: ResumeUploaded }
  | { readonly type: 'ResumeAttached'; readonly data: ResumeAttached }
  | { readonly type: 'ResumeDiscarded'; readonly data: ResumeDiscarded };

export type AttachResume = {
  readonly type: 'AttachResume';
  readonly resumeId: string;
  readonly candidateId: string;
  readonly editor: HiringEditor;
};

/** The sweep's: discard an upload no candidate named, once it is more than a day old at `now`. */
export type DiscardResume = {
  readonly type: 'DiscardResume';
  readonly resumeId: string;
  /** The upload's instant (its event's `occurredAt`, as the read model keeps it). */
  readonly uploadedAt: Date;
  readonly now: Date;
};

export type ResumeCommand = AttachResume | DiscardResume;

export interface ResumeState {
  /** The upload's record; null when no upload of that id was recorded. */
  readonly upload: ResumeUploaded | null;
  /** The candidate that named it; null while none has. */
  readonly heldBy: string | null;
  /** Discarded by the sweep: its file is gone and no candidate may name it. */
  readonly discarded: boolean;
}

/**
 * A candidate may name a resume uploaded (and recorded) by an admin of the editor's own scope, not
 * discarded, and not already another candidate's. An unknown id, another scope's upload and a
 * discarded one get the same answer (a sightstream admin cannot tell that the firm's upload
 * exists). 400 on `resumeId`. The sweep discards only an upload that no candidate holds and that is
 * more than a day old; anything else (held, too young, unknown, discarded already) records nothing.
 */
export const resumeDecider = {
  initialState: (): ResumeState => ({ upload: null, heldBy: null, discarded: false }),

  evolve(state: ResumeState, event: ResumeEvent): ResumeState {
    switch (event.type) {
      case 'ResumeUploaded':
        return { ...state, upload: event.data };
      case 'ResumeAttached':
        return { ...state, heldBy: event.data.candidateId };
      case 'ResumeDiscarded':
        return { ...state, discarded: true };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: ResumeCommand, state: ResumeState): ResumeEvent[] {
    switch (command.type) {
      case 'AttachResume':
        return attach(command, state);
      case 'DiscardResume': {
        const { resumeId, uploadedAt, now } = command;
        if (!state.upload || state.discarded || state.heldBy !== null) return [];
        if (!unattachedTooLong(uploadedAt, now)) return [];
        const data = { resumeId, reason: 'unattached', uploadedAt: uploadedAt.toISOString() } as const;
        return [{ type: 'ResumeDiscarded', data }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

function attach(command: AttachResume, state: ResumeState): ResumeEvent[] {
  const { resumeId, candidateId, editor } = command;
  if (!state.upload || state.discarded || state.upload.ownerScope !== editor.ownerScope)
    throw DomainError.validation([{ path: 'resumeId', message: msg.resumeUnknown }]);
  if (state.heldBy === candidateId) return [];
  if (state.heldBy !== null) throw DomainError.validation([{ path: 'resumeId', message: msg.resumeTaken }]);
  return [{ type: 'ResumeAttached', data: { resumeId, candidateId } }];
}
