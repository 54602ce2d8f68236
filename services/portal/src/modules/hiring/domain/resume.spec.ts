import { candidateMessages as msg, type ResumeUploaded } from '@portal/contracts';
import { pinnedInstant } from '../../../../../../e2e/support/test-now';
import { broken, given } from '../../../kernel/testing/given-when-then';
import {
  resumeDecider,
  UNATTACHED_RESUME_KEPT_MS,
  type AttachResume,
  type DiscardResume,
  type ResumeEvent,
} from './resume';

const RESUME = 'aaaaaaaa-bbbb-5ccc-8ddd-eeeeeeeeeeee';
const CANDIDATE = '11111111-2222-5333-8444-555555555555';
const OTHER = '66666666-7777-5888-8999-000000000000';

const uploaded = (ownerScope: number | null): ResumeEvent => ({
  type: 'ResumeUploaded',
  data: {
    resumeId: RESUME,
    contentType: 'application/pdf',
    size: 10,
    sha256: 'ab',
    uploadedBy: 1,
    ownerScope,
  } satisfies ResumeUploaded,
});
const attached = (candidateId: string): ResumeEvent => ({
  type: 'ResumeAttached',
  data: { resumeId: RESUME, candidateId },
});
const attach = (ownerScope: number | null, candidateId = CANDIDATE): AttachResume => ({
  type: 'AttachResume',
  resumeId: RESUME,
  candidateId,
  editor: { ownerScope },
});

describe('naming a resume on a candidate', () => {
  it('attaches an upload of the editor’s own scope, once', () => {
    expect(given(resumeDecider, [uploaded(null)]).when(attach(null)).events).toEqual([attached(CANDIDATE)]);
    expect(given(resumeDecider, [uploaded(2)]).when(attach(2)).events).toEqual([attached(CANDIDATE)]);
    expect(given(resumeDecider, [uploaded(2), attached(CANDIDATE)]).when(attach(2)).events).toEqual([]);
  });

  it('refuses an unrecorded upload and another scope’s alike, on resumeId', () => {
    for (const refused of [
      given(resumeDecider).when(attach(null)),
      given(resumeDecider, [uploaded(null)]).when(attach(2)),
      given(resumeDecider, [uploaded(2)]).when(attach(null)),
    ]) {
      expect(broken(refused).problems).toEqual([{ path: 'resumeId', message: msg.resumeUnknown }]);
    }
  });

  it('refuses a resume another candidate holds', () => {
    const refused = broken(given(resumeDecider, [uploaded(null), attached(OTHER)]).when(attach(null)));
    expect(refused.problems).toEqual([{ path: 'resumeId', message: msg.resumeTaken }]);
  });
});

describe('discarding an upload no candidate named', () => {
  const UPLOADED_AT = pinnedInstant();
  const HOUR = 60 * 60 * 1000;
  const after = (ms: number) => new Date(UPLOADED_AT.getTime() + ms);
  const discard = (now: Date): DiscardResume => ({
    type: 'DiscardResume',
    resumeId: RESUME,
    uploadedAt: UPLOADED_AT,
    now,
  });
  const discarded: ResumeEvent = {
    type: 'ResumeDiscarded',
    data: { resumeId: RESUME, reason: 'unattached', uploadedAt: UPLOADED_AT.toISOString() },
  };

  it('discards it once more than a day has passed, naming why and when it was uploaded', () => {
    const late = after(UNATTACHED_RESUME_KEPT_MS + 1);
    expect(given(resumeDecider, [uploaded(null)]).when(discard(late)).events).toEqual([discarded]);
    expect(given(resumeDecider, [uploaded(2)]).when(discard(after(30 * HOUR))).events).toEqual([discarded]);
  });

  it('keeps it up to a whole day', () => {
    for (const now of [after(23 * HOUR), after(UNATTACHED_RESUME_KEPT_MS)])
      expect(given(resumeDecider, [uploaded(null)]).when(discard(now)).events).toEqual([]);
  });

  it('never discards a resume a candidate holds, an unrecorded one, or one discarded already', () => {
    const late = after(10 * UNATTACHED_RESUME_KEPT_MS);
    for (const history of [[uploaded(null), attached(CANDIDATE)], [], [uploaded(null), discarded]])
      expect(given(resumeDecider, history).when(discard(late)).events).toEqual([]);
  });

  it('refuses to attach a discarded resume as it refuses an unknown one, even to its own scope', () => {
    for (const scope of [null, 2]) {
      const refused = broken(given(resumeDecider, [uploaded(scope), discarded]).when(attach(scope)));
      expect(refused.problems).toEqual([{ path: 'resumeId', message: msg.resumeUnknown }]);
    }
  });
});
